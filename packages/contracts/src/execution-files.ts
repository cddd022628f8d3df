import { fillPath } from './api/operation.js';

/**
 * The URL format of an execution's file, in one place (docs/architecture.md, "The
 * contract"): the engine records output files as these URLs, the builder serves them
 * (`GET /builder/v1/executions/{id}/files/{*}`), the tile service accepts only them as its
 * `url`, and the report recognises them to offer a download and a map preview.
 */
export const EXECUTION_FILE_PATH = '/builder/v1/executions/{id}/files/{*}' as const;

const EXECUTION_FILE = /^\/builder\/v1\/executions\/(\d+)\/files\/(.+)$/s;

/** The URL path of a file of an execution's folder; `relativePath` is `/`-separated, each segment is encoded. */
export function executionFileUrl(executionId: number | string, relativePath: string): string {
  return fillPath(EXECUTION_FILE_PATH, { id: String(executionId), '*': relativePath });
}

/**
 * The execution and the still-encoded path inside its folder named by a URL path, or
 * undefined when the path is not an execution file (a query or fragment is ignored).
 */
export function parseExecutionFileUrl(urlPath: string): { executionId: string; encodedPath: string } | undefined {
  const match = EXECUTION_FILE.exec(urlPath.replace(/[?#].*$/s, ''));
  return match ? { executionId: match[1]!, encodedPath: match[2]! } : undefined;
}

/** Whether an output value is a file of an execution (one the report can download and preview). */
export function isExecutionFileUrl(value: string): boolean {
  return parseExecutionFileUrl(value) !== undefined;
}
