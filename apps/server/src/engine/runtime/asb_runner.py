#!/usr/bin/env python3
"""Runs a process wrapper: the one entry point of every python process (docs/process-runtime.md).

Usage: asb_runner.py [--inputs FILE|-] [--outputs FILE|-] [--out-dir DIR] [--wrapper-dir DIR]
       asb_runner.py --exec COMMAND [ARGUMENTS...]

  --inputs       JSON object {input name: value}; '-' (default) reads stdin
  --outputs      where the JSON object {output name: value} is written; '-' (default) is stdout
  --out-dir      folder the process writes its files into (default ./out, created)
  --wrapper-dir  folder holding process_wrapper.py (default: the working directory)

When the environment sets ASB_MEMORY_MB, the process's data segment (heap and private
mappings: RLIMIT_DATA) is limited to that many MB before the wrapper is imported; going
beyond it raises MemoryError and fails the task (exit 1). RLIMIT_AS is not used: numpy,
GDAL and thread stacks reserve far more address space than they ever touch.

The task sandbox also sets ASB_DISK_MB (RLIMIT_FSIZE: no file larger), ASB_MAX_PROCESSES
(RLIMIT_NPROC) and ASB_CPU_LIST (the CPUs to run on). All limits are set as hard limits
before any user code runs, so the wrapper cannot raise them (docs/security.md).

Imports process_wrapper, fills in declared defaults, calls execute(out_dir, **inputs) and
checks that every declared output came back. Anything the wrapper prints goes to stderr,
so stdout carries the outputs JSON only.

--exec applies the same limits and then replaces itself by COMMAND (the CWL runtime runs
cwltool so: docs/engine.md "Runtimes"); a command that cannot be started exits 2.

Exit codes: 0 success; 1 execute() raised; 2 bad inputs or usage; 3 the wrapper cannot be
imported or has no execute(); 4 execute() returned invalid outputs. The last stderr line
of a failure starts with 'asb_runner: '.
"""
import argparse
import contextlib
import importlib
import json
import os
import resource
import sys
import traceback

EXIT_EXECUTE, EXIT_INPUTS, EXIT_WRAPPER, EXIT_OUTPUTS = 1, 2, 3, 4


class RunnerError(Exception):
    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


def whole_number(name):
    value = os.environ.get(name, "").strip()
    if not value:
        return None
    try:
        number = int(value)
    except ValueError:
        raise RunnerError(EXIT_INPUTS, f"{name} must be a whole number, not {value!r}")
    return number if number > 0 else None


def set_hard_limit(kind, value):
    """soft = hard = value, never above the current hard limit (an unprivileged process cannot raise it)."""
    current = resource.getrlimit(kind)[1]
    if current != resource.RLIM_INFINITY:
        value = min(value, current)
    resource.setrlimit(kind, (value, value))


def limit_memory():
    """Applies ASB_MEMORY_MB (see the docstring); unset or 0 means no limit."""
    megabytes = whole_number("ASB_MEMORY_MB")
    if megabytes:
        set_hard_limit(resource.RLIMIT_DATA, megabytes * 1024 * 1024)
    return megabytes


def apply_sandbox_limits():
    """ASB_DISK_MB, ASB_MAX_PROCESSES, ASB_CPU_LIST (set by the task sandbox), and no core dumps."""
    disk_mb = whole_number("ASB_DISK_MB")
    if disk_mb:
        set_hard_limit(resource.RLIMIT_FSIZE, disk_mb * 1024 * 1024)
    processes = whole_number("ASB_MAX_PROCESSES")
    if processes:
        set_hard_limit(resource.RLIMIT_NPROC, processes)
    set_hard_limit(resource.RLIMIT_CORE, 0)
    cpus = os.environ.get("ASB_CPU_LIST", "").strip()
    if cpus:
        try:
            os.sched_setaffinity(0, {int(cpu) for cpu in cpus.split(",")})
        except (ValueError, OSError) as error:
            raise RunnerError(EXIT_INPUTS, f"ASB_CPU_LIST {cpus!r} cannot be applied: {error}")


def read_inputs(source):
    try:
        text = sys.stdin.read() if source == "-" else open(source, encoding="utf-8").read()
        inputs = json.loads(text or "{}")
    except (OSError, ValueError) as error:
        raise RunnerError(EXIT_INPUTS, f"cannot read the inputs JSON: {error}")
    if not isinstance(inputs, dict):
        raise RunnerError(EXIT_INPUTS, "the inputs JSON must be an object {input name: value}")
    return inputs


def load_wrapper(folder):
    sys.path.insert(0, os.path.abspath(folder))
    try:
        module = importlib.import_module("process_wrapper")
    except Exception:
        traceback.print_exc()
        raise RunnerError(EXIT_WRAPPER, "cannot import process_wrapper.py (traceback above)")
    if not callable(getattr(module, "execute", None)):
        raise RunnerError(EXIT_WRAPPER, "process_wrapper.py has no function execute(out_dir, **inputs)")
    return module


def bind_inputs(declared, given):
    names = [item["name"] for item in declared]
    unknown = sorted(set(given) - set(names))
    if unknown:
        raise RunnerError(EXIT_INPUTS, f"unknown inputs {unknown} (declared: {names})")
    bound = {}
    for item in declared:
        if item["name"] in given:
            bound[item["name"]] = given[item["name"]]
        elif "default" in item:
            bound[item["name"]] = item["default"]
        else:
            raise RunnerError(EXIT_INPUTS, f"missing input '{item['name']}' (it has no default)")
    return bound


def file_reference(out_dir, name, value):
    """A string naming an existing file is a file output: it must lie inside out_dir, given relative to it."""
    candidate = value if os.path.isabs(value) else os.path.join(out_dir, value)
    if not os.path.exists(candidate):
        return value
    real, root = os.path.realpath(candidate), os.path.realpath(out_dir)
    if real != root and not real.startswith(root + os.sep):
        raise RunnerError(EXIT_OUTPUTS, f"output '{name}' points outside the output directory: {value}")
    return os.path.relpath(real, root)


def check_outputs(declared, result, out_dir):
    if not isinstance(result, dict):
        raise RunnerError(EXIT_OUTPUTS, f"execute() must return a dict {{output name: value}}, not {type(result).__name__}")
    names = [item["name"] for item in declared]
    missing = [name for name in names if name not in result]
    if missing:
        raise RunnerError(EXIT_OUTPUTS, f"execute() did not return the declared outputs {missing}")
    extra = sorted(set(map(str, result)) - set(names))
    if extra:
        print(f"asb_runner: ignoring undeclared outputs {extra}", file=sys.stderr)
    outputs = {}
    for name in names:
        value = result[name]
        outputs[name] = file_reference(out_dir, name, value) if isinstance(value, str) else value
        try:
            json.dumps(outputs[name])
        except (TypeError, ValueError):
            raise RunnerError(EXIT_OUTPUTS, f"output '{name}' is not JSON-serialisable ({type(value).__name__})")
    return outputs


def print_user_traceback(error):
    # from the wrapper's frame on: the runner's own frame says nothing to the process's author
    traceback.print_exception(type(error), error, error.__traceback__.tb_next)


def run(args):
    apply_sandbox_limits()
    given = read_inputs(args.inputs)
    memory_mb = limit_memory()
    out_dir = os.path.abspath(args.out_dir)
    os.makedirs(out_dir, exist_ok=True)
    # User code may print freely: keep stdout for the outputs JSON.
    with contextlib.redirect_stdout(sys.stderr):
        wrapper = load_wrapper(args.wrapper_dir)
        inputs = bind_inputs(getattr(wrapper, "INPUTS", []), given)
        try:
            result = wrapper.execute(out_dir, **inputs)
        except MemoryError as error:
            print_user_traceback(error)
            limit = f"the task may use {memory_mb} MB" if memory_mb else "no limit was set"
            raise RunnerError(EXIT_EXECUTE, f"execute() failed: MemoryError: out of memory ({limit}) {error}".rstrip())
        except Exception as error:
            print_user_traceback(error)
            raise RunnerError(EXIT_EXECUTE, f"execute() failed: {type(error).__name__}: {error}")
    outputs = check_outputs(getattr(wrapper, "OUTPUTS", []), result, out_dir)
    text = json.dumps(outputs, indent=2)
    if args.outputs == "-":
        print(text)
    else:
        with open(args.outputs, "w", encoding="utf-8") as handle:
            handle.write(text + "\n")


def exec_command(command):
    """--exec: the sandbox's limits, then the command in this process's place."""
    if not command:
        raise RunnerError(EXIT_INPUTS, "--exec needs a command")
    apply_sandbox_limits()
    limit_memory()
    sys.stdout.flush()
    sys.stderr.flush()
    try:
        os.execvp(command[0], command)
    except OSError as error:
        raise RunnerError(EXIT_INPUTS, f"cannot start {command[0]}: {error}")


def main(argv):
    if argv[:1] == ["--exec"]:
        try:
            exec_command(argv[1:])
        except RunnerError as error:
            print(f"asb_runner: {error}", file=sys.stderr)
            return error.code
    parser = argparse.ArgumentParser(prog="asb_runner.py", description="Runs process_wrapper.execute(out_dir, **inputs).")
    parser.add_argument("--inputs", default="-")
    parser.add_argument("--outputs", default="-")
    parser.add_argument("--out-dir", default="out")
    parser.add_argument("--wrapper-dir", default=".")
    try:
        run(parser.parse_args(argv))
        return 0
    except RunnerError as error:
        print(f"asb_runner: {error}", file=sys.stderr)
        return error.code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
