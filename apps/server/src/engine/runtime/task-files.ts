import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where one attempt keeps its throw-away files: beside the execution's folders, never
 * inside outDir. The task writes there (work/, tmp/), and the runner its outputs.json.
 */
export function attemptFiles(job: { taskId: string; tryNumber: number; logPath: string }): { scratchDir: string; outputsFile: string } {
  const base = `${job.taskId.replace(/[^A-Za-z0-9._\-[\]]/g, '_')}.${job.tryNumber}`;
  const scratchDir = path.join(path.dirname(job.logPath), '..', '.work', base);
  return { scratchDir, outputsFile: path.join(scratchDir, 'outputs.json') };
}

/** outputs.json lies in a folder the task could write: only a plain file of sensible size is read, never a link. */
const MAX_OUTPUTS_BYTES = 16 * 1024 * 1024;

async function readOutputsFile(outputsFile: string): Promise<unknown> {
  const file = await fs.open(outputsFile, fsSync.constants.O_RDONLY | fsSync.constants.O_NOFOLLOW).catch(() => undefined);
  if (!file) throw new Error('the runner wrote no outputs file');
  try {
    const stat = await file.stat();
    if (!stat.isFile() || stat.size > MAX_OUTPUTS_BYTES) throw new Error('the outputs file is not a plain file of at most 16 MB');
    const text = await file.readFile('utf8');
    try {
      return JSON.parse(text);
    } catch {
      // the text itself stays out of the message: it is the task's, and could be anything
      throw new Error('the outputs file is not JSON');
    }
  } finally {
    await file.close();
  }
}

const RUNNER_PREFIX = 'asb_runner: ';
const TAIL_BYTES = 64 * 1024;

/**
 * The non-blank lines this attempt wrote to its log (from `offset`, at most the last 64 KB),
 * their ends trimmed; undefined when there is no log. What every runtime reads a failure's
 * reason from.
 */
export async function attemptLogLines(logPath: string, offset: number): Promise<string[] | undefined> {
  const file = await fs.open(logPath, 'r').catch(() => undefined);
  if (!file) return undefined;
  try {
    const { size } = await file.stat();
    const start = Math.max(offset, size - TAIL_BYTES);
    const buffer = Buffer.alloc(Math.max(0, size - start));
    await file.read(buffer, 0, buffer.length, start);
    return buffer
      .toString('utf8')
      .split('\n')
      .map((line) => line.trimEnd())
      .filter((line) => line.trim() !== '');
  } finally {
    await file.close();
  }
}

/**
 * The runner's reason for a failure: the last line starting with 'asb_runner: ' among
 * what this attempt wrote to its log (from `offset`, at most the last 64 KB). Warnings
 * about undeclared outputs are not reasons.
 */
export async function runnerMessage(logPath: string, offset: number): Promise<string | undefined> {
  const lines = await attemptLogLines(logPath, offset);
  const line = lines?.findLast((text) => text.startsWith(RUNNER_PREFIX) && !text.startsWith(`${RUNNER_PREFIX}ignoring undeclared outputs`));
  return line?.slice(0, 2000);
}

const isInside = (root: string, candidate: string) => candidate === root || candidate.startsWith(root + path.sep);

/**
 * The outputs the runner wrote. A string naming a file or folder inside outDir (the
 * runner writes those relative to it) becomes its absolute path; other values are kept.
 * Throws when the file is unreadable or a file output resolves outside outDir.
 */
export async function readOutputs(outputsFile: string, outDir: string): Promise<Record<string, unknown>> {
  const parsed = await readOutputsFile(outputsFile);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('the outputs are not a JSON object');
  const root = await fs.realpath(outDir);
  const outputs: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(parsed as Record<string, unknown>)) {
    outputs[name] = value;
    if (typeof value !== 'string' || value === '' || path.isAbsolute(value)) continue;
    const candidate = path.resolve(outDir, value);
    if (!isInside(path.resolve(outDir), candidate)) continue;
    const real = await fs.realpath(candidate).catch(() => undefined);
    if (real === undefined) continue;
    // the runner checked this already; a wrapper's leftover process could have swapped a link since
    if (!isInside(root, real)) throw new Error(`output '${name}' points outside the output directory`);
    outputs[name] = candidate;
  }
  return outputs;
}
