/** Where the sandbox mounts the runner and the process's files (sandbox/bwrap-command.ts INSIDE). */
const SANDBOX_PREFIXES = ['/task/wrapper/', '/task/runner/'];

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Text a user reads (a task's log, its error, the report) without the server's folders
 * (docs/engine.md "Failures"): the data directory becomes relative ('datastore/alice/…'),
 * and the sandbox's mount points of the process's files and of the runner are dropped, so a
 * traceback names 'process_wrapper.py' as the author uploaded it.
 */
export function hideServerPaths(text: string, dataDir: string): string {
  const root = dataDir.replace(/\/+$/, '');
  let result = root.length > 1 ? text.replace(new RegExp(`${escaped(root)}(/|(?![\\w.-]))`, 'g'), (_, slash: string) => (slash ? '' : '.')) : text;
  for (const prefix of SANDBOX_PREFIXES) result = result.split(prefix).join('');
  return result;
}
