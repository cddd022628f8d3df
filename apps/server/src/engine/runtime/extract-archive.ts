import { parseScriptOutput, runPythonScript, type PythonOptions } from './python-scripts.js';

/** Archive names the build extracts (spec 2: "folders bundled in tar archives are decompressed"). */
export const ARCHIVE_PATTERN = /\.(tar|tar\.gz|tgz)$/i;

export interface ExtractResult {
  files: number;
  bytes: number;
  /** archive entries skipped because a file of that path was already there (uploaded files win) */
  kept: string[];
}

export interface ExtractOptions extends PythonOptions {
  /** refuse archives that expand to more than this */
  maxBytes: number;
}

/**
 * Extracts an untrusted tar archive into `dest` (extract_archive.py): entries with
 * '..', absolute paths, and links pointing outside are refused before anything is
 * written, and the rejection names the entry. Rejects with that message.
 * Files already in `dest` are kept (an uploaded file wins over the archive's copy).
 */
export async function extractArchive(archive: string, dest: string, options: ExtractOptions): Promise<ExtractResult> {
  const { maxBytes, ...python } = options;
  const result = await runPythonScript('extract_archive.py', [archive, dest, '--max-bytes', String(maxBytes)], { timeoutMs: 10 * 60_000, ...python });
  const answer = parseScriptOutput<ExtractResult & { error?: string }>('extract_archive.py', result);
  if (answer.error !== undefined) throw new Error(answer.error);
  return answer;
}
