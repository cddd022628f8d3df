#!/usr/bin/env python3
"""Reads the signature of a process_wrapper.py WITHOUT running it (docs/process-runtime.md).

Building a process must never execute user code on the server, so the wrapper is
compiled (syntax errors are reported the way Python reports them, with the line)
and its module-level literals INPUTS, OUTPUTS, DEPENDENCIES, RESOURCES and NETWORK are read
from the syntax tree with ast.literal_eval.

Usage:
  inspect_wrapper.py <file>             inspect a wrapper file
  inspect_wrapper.py --archive <tar>    inspect the process_wrapper.py at the root of a tar archive

Prints one JSON object on stdout:
  {"found": true, "signature": {...}}   valid wrapper (exit 0)
  {"found": true, "error": "..."}       invalid wrapper (exit 1)
  {"found": false}                      no wrapper in the archive (exit 1)
Exit 2 on a usage error.
"""
import ast
import json
import keyword
import re
import sys
import tarfile
import traceback

WRAPPER = "process_wrapper.py"
MAX_WRAPPER_BYTES = 1024 * 1024
PARAMETER_KEYS = {"name", "data_type", "default", "description"}
# inputs only (docs/process-runtime.md "Input constraints")
CONSTRAINT_KEYS = ("minimum", "maximum", "pattern", "enum", "less_than")
MAX_PATTERN_LENGTH = 200
RESOURCE_KEYS = {"cpus": ("cpus", 1, 1), "ram_mb": ("ramMb", 1024, 1), "disk_mb": ("diskMb", 1024, 1), "gpus": ("gpus", 0, 0)}
# A pip requirement or a software-dependency identifier: it ends up in a Dockerfile RUN line,
# so anything a shell would interpret is refused.
REQUIREMENT = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._+\-]*(\[[A-Za-z0-9._,\-]+\])?([<>=!~]=?[A-Za-z0-9.*+\-]+(,[<>=!~]=?[A-Za-z0-9.*+\-]+)*)?$")


class WrapperError(Exception):
    pass


def literal(node, name):
    try:
        return ast.literal_eval(node)
    except (ValueError, SyntaxError, TypeError):
        raise WrapperError(
            f"{name} (line {node.lineno}) must be a literal: lists, dicts, strings, numbers, booleans and None only, no names or calls"
        )


def parameters(value, name, allow_default):
    if not isinstance(value, list):
        raise WrapperError(f"{name} must be a list of dicts")
    result, seen, errors = [], set(), []
    for index, item in enumerate(value):
        where = f"{name}[{index}]"
        if not isinstance(item, dict):
            errors.append(f"{where} must be a dict with 'name' and 'data_type'")
            continue
        allowed_keys = PARAMETER_KEYS | set(CONSTRAINT_KEYS) if allow_default else PARAMETER_KEYS - {"default"}
        unknown = sorted(set(map(str, item)) - allowed_keys)
        if unknown:
            allowed = sorted(allowed_keys)
            errors.append(f"{where} has unknown keys {unknown} (allowed: {allowed})")
        param_name, data_type = item.get("name"), item.get("data_type")
        if not isinstance(param_name, str) or not param_name.isidentifier() or keyword.iskeyword(param_name):
            errors.append(f"{where}: name {param_name!r} must be a valid Python identifier")
        elif param_name in seen:
            errors.append(f"{where}: name '{param_name}' is declared twice")
        seen.add(param_name)
        if not isinstance(data_type, str) or not data_type.strip():
            errors.append(f"{where}: data_type must be a non-empty string")
        entry = {"name": param_name, "dataType": data_type}
        if "default" in item:
            default = item["default"]
            if default is not None and not isinstance(default, (str, int, float, bool)):
                errors.append(f"{where}: default must be a string, number, boolean or None")
            entry["default"] = default
        if "description" in item:
            if not isinstance(item["description"], str):
                errors.append(f"{where}: description must be a string")
            entry["description"] = item["description"]
        if allow_default:
            found = constraints(item, where, errors)
            if found:
                entry["constraints"] = found
        result.append(entry)
    for index, entry in enumerate(result):
        other = entry.get("constraints", {}).get("less_than")
        if other is not None and (other == entry["name"] or other not in seen):
            errors.append(f"{name}[{index}]: less_than must name another input, not {other!r}")
    if errors:
        raise WrapperError("\n".join(errors))
    return result


def is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def constraints(item, where, errors):
    """minimum, maximum, pattern, enum and less_than of an input, checked; the default must keep to them."""
    found = {}
    for key in ("minimum", "maximum"):
        if key in item:
            if not is_number(item[key]) or item[key] != item[key] or item[key] in (float("inf"), float("-inf")):
                errors.append(f"{where}: {key} must be a number")
            else:
                found[key] = item[key]
    if "minimum" in found and "maximum" in found and found["minimum"] > found["maximum"]:
        errors.append(f"{where}: minimum must not be greater than maximum")
    if "pattern" in item:
        pattern = item["pattern"]
        if not isinstance(pattern, str) or not pattern or len(pattern) > MAX_PATTERN_LENGTH:
            errors.append(f"{where}: pattern must be a non-empty string of at most {MAX_PATTERN_LENGTH} characters")
        else:
            try:
                re.compile(pattern)
                found["pattern"] = pattern
            except re.error as error:
                errors.append(f"{where}: pattern is not a regular expression: {error}")
    if "enum" in item:
        values = item["enum"]
        if not isinstance(values, list) or not values or not all(isinstance(v, str) or is_number(v) for v in values):
            errors.append(f"{where}: enum must be a non-empty list of strings or numbers")
        else:
            found["enum"] = [v if isinstance(v, str) else repr(v) for v in values]
    if "less_than" in item:
        if not isinstance(item["less_than"], str):
            errors.append(f"{where}: less_than must be the name of another input")
        else:
            found["less_than"] = item["less_than"]
    default = item.get("default")
    if is_number(default):
        if "minimum" in found and default < found["minimum"]:
            errors.append(f"{where}: default {default} is below the minimum {found['minimum']}")
        if "maximum" in found and default > found["maximum"]:
            errors.append(f"{where}: default {default} is above the maximum {found['maximum']}")
    if default is not None and "enum" in found and (default if isinstance(default, str) else repr(default)) not in found["enum"]:
        errors.append(f"{where}: default {default!r} is not one of enum")
    return found


def dependencies(value):
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise WrapperError("DEPENDENCIES must be a list of strings")
    invalid = [item for item in value if not REQUIREMENT.match(item)]
    if invalid:
        raise WrapperError(f"DEPENDENCIES has invalid requirements: {invalid}")
    return value


def resources(value):
    if not isinstance(value, dict):
        raise WrapperError("RESOURCES must be a dict with cpus, ram_mb, disk_mb and gpus")
    unknown = sorted(set(map(str, value)) - set(RESOURCE_KEYS))
    if unknown:
        raise WrapperError(f"RESOURCES has unknown keys {unknown} (allowed: {sorted(RESOURCE_KEYS)})")
    result = {}
    for key, (field, default, minimum) in RESOURCE_KEYS.items():
        amount = value.get(key, default)
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < minimum:
            raise WrapperError(f"RESOURCES['{key}'] must be an integer of at least {minimum}")
        result[field] = amount
    return result


def check_execute(function, inputs):
    """execute(out_dir, **inputs): out_dir first, then every input reachable by keyword."""
    if function is None:
        raise WrapperError("process_wrapper.py must define a module-level function: def execute(out_dir, **inputs)")
    args = function.args
    positional = args.posonlyargs + args.args
    if not positional:
        raise WrapperError(f"execute() (line {function.lineno}) must take out_dir as its first parameter")
    keyword_names = {a.arg for a in args.args[max(0, 1 - len(args.posonlyargs)):]} | {a.arg for a in args.kwonlyargs}
    names = {i["name"] for i in inputs}
    if args.kwarg is None:
        missing = sorted(names - keyword_names)
        if missing:
            raise WrapperError(f"execute() (line {function.lineno}) does not accept the inputs {missing}: add them as parameters or use **inputs")
    defaults_from = len(positional) - len(args.defaults)
    required = [a.arg for i, a in enumerate(positional) if i >= 1 and i < defaults_from]
    required += [a.arg for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is None]
    undeclared = sorted(set(required) - names)
    if undeclared:
        raise WrapperError(f"execute() (line {function.lineno}) requires parameters that are not declared inputs: {undeclared}")


def inspect_source(source):
    try:
        compile(source, WRAPPER, "exec", dont_inherit=True)
    except (SyntaxError, ValueError) as error:
        raise WrapperError("".join(traceback.format_exception_only(type(error), error)).rstrip())
    tree = ast.parse(source, WRAPPER)
    found, execute = {}, None
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            found[node.targets[0].id] = node.value
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
            found[node.target.id] = node.value
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == "execute":
            if isinstance(node, ast.AsyncFunctionDef):
                raise WrapperError(f"execute() (line {node.lineno}) must be a plain function, not async")
            execute = node
    for required in ("INPUTS", "OUTPUTS"):
        if required not in found:
            raise WrapperError(f"process_wrapper.py must declare {required} = [...] at module level")
    inputs = parameters(literal(found["INPUTS"], "INPUTS"), "INPUTS", True)
    outputs = parameters(literal(found["OUTPUTS"], "OUTPUTS"), "OUTPUTS", False)
    signature = {"inputs": inputs, "outputs": outputs, "dependencies": []}
    if "DEPENDENCIES" in found:
        signature["dependencies"] = dependencies(literal(found["DEPENDENCIES"], "DEPENDENCIES"))
    if "RESOURCES" in found:
        signature["resources"] = resources(literal(found["RESOURCES"], "RESOURCES"))
    if "NETWORK" in found:
        network = literal(found["NETWORK"], "NETWORK")
        if not isinstance(network, bool):
            raise WrapperError("NETWORK must be True or False (whether the process needs the network)")
        signature["network"] = network
    check_execute(execute, inputs)
    return signature


def decode(data):
    if len(data) > MAX_WRAPPER_BYTES:
        raise WrapperError(f"process_wrapper.py is larger than {MAX_WRAPPER_BYTES // 1024} kB")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise WrapperError(f"process_wrapper.py is not UTF-8 text: {error}")


def read_from_archive(path):
    with tarfile.open(path, "r:*") as archive:
        for member in archive:
            name = member.name[2:] if member.name.startswith("./") else member.name
            if name == WRAPPER and member.isreg():
                return archive.extractfile(member).read(MAX_WRAPPER_BYTES + 1)
    return None


def main(argv):
    if len(argv) == 2 and not argv[1].startswith("-"):
        with open(argv[1], "rb") as handle:
            data = handle.read(MAX_WRAPPER_BYTES + 1)
    elif len(argv) == 3 and argv[1] == "--archive":
        try:
            data = read_from_archive(argv[2])
        except (tarfile.TarError, OSError, EOFError) as error:
            print(json.dumps({"found": False, "error": f"not a readable tar archive: {error}"}))
            return 1
        if data is None:
            print(json.dumps({"found": False}))
            return 1
    else:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        signature = inspect_source(decode(data))
    except WrapperError as error:
        print(json.dumps({"found": True, "error": str(error)}))
        return 1
    print(json.dumps({"found": True, "signature": signature}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
