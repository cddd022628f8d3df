import { StringDecoder } from 'node:string_decoder';
import { Transform } from 'node:stream';

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

/**
 * Where text may be cut so that hideServerPaths reads the same on both sides: no path to hide
 * (nor the character after it, which decides how it is rewritten) straddles the cut, and the last
 * `held` characters (the start of a path still arriving) stay for later.
 */
function safeCut(text: string, needles: string[], held: number): number {
  let cut = text.length - held;
  for (const needle of needles) {
    for (let at = text.indexOf(needle); at !== -1 && at < cut; at = text.indexOf(needle, at + 1)) {
      if (at + needle.length >= cut) cut = at;
    }
  }
  return cut;
}

/**
 * hideServerPaths over a stream, so a log of any size is served without being read whole: text
 * is rewritten as it arrives, except its end, which waits for the next chunk when a path may
 * continue there. Chunks are decoded as UTF-8 by a StringDecoder, so a character split between
 * two chunks stays whole.
 */
export function hideServerPathsStream(dataDir: string): Transform {
  const root = dataDir.replace(/\/+$/, '');
  const needles = root.length > 1 ? [root, ...SANDBOX_PREFIXES] : SANDBOX_PREFIXES;
  const held = Math.max(...needles.map((needle) => needle.length)) + 1;
  const decoder = new StringDecoder('utf8');
  let pending = '';
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      pending += decoder.write(chunk);
      const cut = safeCut(pending, needles, held);
      if (cut <= 0) return done();
      const ready = hideServerPaths(pending.slice(0, cut), dataDir);
      pending = pending.slice(cut);
      done(null, ready);
    },
    flush(done) {
      done(null, hideServerPaths(pending + decoder.end(), dataDir));
    },
  });
}
