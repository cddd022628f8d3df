import os from 'node:os';
import { Piscina } from 'piscina';
import { DocumentRefused } from './document-limits.js';
import type { YamlResult, YamlTask } from './parse-yaml.js';

// Built, this code is in dist/main.js and the worker is dist/document-worker.js (tsup.config.ts);
// run from the sources (tests, `npm run dev`), a bootstrap loads the TypeScript worker through tsx.
const fromSources = import.meta.url.endsWith('.ts');
const WORKER = new URL(fromSources ? './document-worker.sources.mjs' : './document-worker.js', import.meta.url).href;

/** A worker's heap: a document that needs more is refused, not the server's memory. */
const WORKER_HEAP_MB = 512;

// One pool for the process, as tests build several servers in one; idle threads are unref'd
// by piscina, so they never hold the process open.
let pool: Piscina | null = null;

function documentPool(): Piscina {
  pool ??= new Piscina({
    filename: WORKER,
    minThreads: 0,
    // one core stays for the event loop
    maxThreads: Math.max(1, os.availableParallelism() - 1),
    idleTimeout: 30_000,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  // a worker that dies rejects its task (parseYamlOffThread words it); unheard, the event would end the process
  pool.on('error', () => undefined);
  return pool;
}

// documents the pool has read, refused or found invalid: a test sees that hostile ones went there
let read = 0;

/** How many documents the pool has read (or refused, or found invalid) in this process. */
export function documentsReadOffThread(): number {
  return read;
}

/** The document could not be read as YAML or JSON; the message is the parser's first line. */
export class DocumentInvalid extends Error {}

/**
 * Parses YAML (or JSON) text in the worker-thread pool, so a large or hostile document never
 * holds the event loop: the value, or DocumentRefused naming the limit passed, or
 * DocumentInvalid saying why it is not YAML.
 */
export async function parseYamlOffThread(task: YamlTask): Promise<unknown> {
  let result: YamlResult;
  try {
    result = (await documentPool().run(task, { name: 'parseYaml' })) as YamlResult;
  } catch (error) {
    // the worker ran out of its heap (ERR_WORKER_OUT_OF_MEMORY) or died: the document's doing
    if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
      throw new DocumentRefused(413, `The document needs more than the ${WORKER_HEAP_MB} MB a document may use to be read.`);
    throw error;
  }
  read += 1;
  if (result.kind === 'refused') throw new DocumentRefused(result.status, result.message);
  if (result.kind === 'invalid') throw new DocumentInvalid(result.message);
  return result.value;
}
