import fs from 'node:fs/promises';
import path from 'node:path';
import { processSignatureSchema, WRAPPER_FILE, type ProcessSignature } from '@asb/contracts';
import { parseScriptOutput, runPythonScript, type PythonOptions } from './python-scripts.js';

/** What a bucket's wrapper declares: missing, invalid (with Python's message) or a signature. */
export type WrapperInspection = { status: 'missing' } | { status: 'invalid'; error: string } | { status: 'valid'; signature: ProcessSignature };

interface ScriptAnswer {
  found: boolean;
  signature?: unknown;
  error?: string;
}

const TIMEOUT_MS = 20_000;

function toInspection(answer: ScriptAnswer): WrapperInspection {
  if (!answer.found) return answer.error ? { status: 'invalid', error: answer.error } : { status: 'missing' };
  if (answer.error !== undefined) return { status: 'invalid', error: answer.error };
  // what Python reads alike but JavaScript cannot (a pattern in Python-only syntax) is refused here
  const parsed = processSignatureSchema.safeParse(answer.signature);
  if (!parsed.success) return { status: 'invalid', error: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n') };
  return { status: 'valid', signature: parsed.data };
}

/**
 * Reads the signature of `{dir}/process_wrapper.py` without running it: a python3
 * subprocess compiles it and reads its module-level literals (inspect_wrapper.py).
 */
export async function inspectWrapper(dir: string, options: PythonOptions = {}): Promise<WrapperInspection> {
  const file = path.join(dir, WRAPPER_FILE);
  const stat = await fs.lstat(file).catch(() => undefined);
  if (!stat?.isFile()) return { status: 'missing' };
  const result = await runPythonScript('inspect_wrapper.py', [file], { timeoutMs: TIMEOUT_MS, ...options });
  return toInspection(parseScriptOutput<ScriptAnswer>('inspect_wrapper.py', result));
}

/** The same for a process_wrapper.py at the root of a tar archive, read without extracting it. */
export async function inspectArchivedWrapper(archive: string, options: PythonOptions = {}): Promise<WrapperInspection> {
  const result = await runPythonScript('inspect_wrapper.py', ['--archive', archive], { timeoutMs: TIMEOUT_MS, ...options });
  return toInspection(parseScriptOutput<ScriptAnswer>('inspect_wrapper.py', result));
}
