import { execFile } from 'node:child_process';
import { shippedFile } from '../../platform/shipped-file.js';

/** The python helpers shipped with the server (docs/process-runtime.md). */
export type RuntimeScript = 'asb_runner.py' | 'inspect_wrapper.py' | 'extract_archive.py';

/**
 * The .py files live beside this module in src/ (tests, tsx) and are copied to
 * dist/runtime/ by tsup's onSuccess, since the bundle is one main.js in dist/.
 */
export function runtimeScript(name: RuntimeScript): string {
  return shippedFile(import.meta.url, ['.', 'runtime', '../src/engine/runtime'], name);
}

export interface PythonOptions {
  /** the interpreter (config.pythonCommand); python3 by default */
  python?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  cwd?: string;
}

export interface PythonResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs one of the helpers and resolves with its exit code and output; rejects
 * only when python cannot be started, times out or is aborted.
 */
export function runPythonScript(name: RuntimeScript, args: string[], options: PythonOptions = {}): Promise<PythonResult> {
  const python = options.python ?? 'python3';
  return new Promise((resolve, reject) => {
    execFile(
      python,
      [runtimeScript(name), ...args],
      {
        timeout: options.timeoutMs ?? 60_000,
        signal: options.signal,
        cwd: options.cwd,
        maxBuffer: 4 * 1024 * 1024,
        env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' },
      },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') {
          const reason = error.killed ? `timed out after ${Math.round((options.timeoutMs ?? 60_000) / 1000)} s` : error.message;
          reject(new Error(`${python} ${name}: ${reason}`, { cause: error }));
          return;
        }
        resolve({ exitCode: typeof error?.code === 'number' ? error.code : 0, stdout, stderr });
      },
    );
  });
}

/** The JSON object a helper printed on stdout. */
export function parseScriptOutput<T>(name: RuntimeScript, result: PythonResult): T {
  try {
    return JSON.parse(result.stdout) as T;
  } catch {
    const detail = (result.stderr || result.stdout).trim().split('\n').slice(-5).join('\n');
    throw new Error(`${name} exited with ${result.exitCode}: ${detail}`);
  }
}
