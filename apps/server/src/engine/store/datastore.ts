import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Config } from '../../config.js';
import type { DatastorePaths } from './datastore-paths.js';

/** A byte range of a file, both ends included (HTTP Range semantics). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredFile {
  /** the whole file's size */
  size: number;
  /** the bytes asked for: the range when one was given, else the whole file */
  body: Readable;
  range?: ByteRange;
}

/** Where an execution's files are kept, recorded in executionResults (spec 3: S3BucketName, S3OutputsPath). */
export interface DatastoreLocation {
  S3BucketName: string;
  S3OutputsPath: string;
}

/**
 * The datastore (docs/engine.md, "Datastore"): where task outputs and logs are kept.
 * Tasks always write into a local working folder (datastore/{owner}/executions/{id}/ under
 * the data directory); with S3 configured, each attempt's outputs and log are then copied
 * into the bucket under the same relative key, and reads are served from the bucket.
 */
export interface Datastore {
  readonly kind: 'local' | 's3';
  location(executionDir: string): DatastoreLocation | undefined;
  /** After an attempt: its outputs (when it succeeded) and its log go into the store. Throws when they could not. */
  saveAttempt(files: { outDir?: string; logPath: string }): Promise<void>;
  /** Before an attempt: an upstream output (file or folder) missing from this machine is fetched. */
  ensureLocal(localPath: string): Promise<void>;
  /** Before a queue worker runs an execution's task: its pinned files (`.package/`) go into the store, for workers on other machines. */
  savePackage(packageDir: string): Promise<void>;
  /**
   * A file at `relative` inside the folder `root` (an execution's folder); undefined when
   * there is none, or when the name leads outside the folder.
   */
  read(root: string, relative: string, range?: RangeRequest): Promise<StoredFile | undefined>;
  /** The execution ended: a store that copied its files elsewhere may drop the working folder. */
  executionEnded(executionDir: string): Promise<void>;
  close(): Promise<void>;
}

/** A Range header's single range: `start` and `end` may be open (`bytes=100-`, `bytes=-500`). */
export interface RangeRequest {
  start?: number;
  end?: number;
}

/** `bytes=a-b`, `bytes=a-`, `bytes=-n`; undefined for anything else (multiple ranges: the whole file is served). */
export function parseRange(header: string | undefined): RangeRequest | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  return { start: match[1] === '' ? undefined : Number(match[1]), end: match[2] === '' ? undefined : Number(match[2]) };
}

/** The range within a file of `size` bytes; undefined when none of it lies inside the file (416). */
export function resolveRange(request: RangeRequest, size: number): ByteRange | undefined {
  if (request.start === undefined) {
    const length = Math.min(request.end ?? 0, size);
    return length > 0 ? { start: size - length, end: size - 1 } : undefined;
  }
  if (request.start >= size) return undefined;
  const end = Math.min(request.end ?? size - 1, size - 1);
  return end >= request.start ? { start: request.start, end } : undefined;
}

export class RangeNotSatisfiable extends Error {
  constructor(readonly size: number) {
    super('Range not satisfiable');
  }
}

const isInside = (root: string, candidate: string) => candidate.startsWith(root + path.sep);

/** The name inside `root`, resolved lexically; undefined when it leads outside. */
export function insidePath(root: string, relative: string): string | undefined {
  const wanted = path.resolve(root, relative);
  return isInside(path.resolve(root), wanted) ? wanted : undefined;
}

/** A regular file inside `root` (links followed only while they stay inside: a task may leave one behind). */
export async function readLocal(root: string, relative: string, range?: RangeRequest): Promise<StoredFile | undefined> {
  const wanted = insidePath(root, relative);
  if (!wanted) return undefined;
  const real = await fs.promises.realpath(wanted).catch(() => undefined);
  const realRoot = await fs.promises.realpath(root).catch(() => path.resolve(root));
  if (!real || !isInside(realRoot, real)) return undefined;
  const stat = await fs.promises.stat(real).catch(() => undefined);
  if (!stat?.isFile()) return undefined;
  if (!range) return { size: stat.size, body: fs.createReadStream(real) };
  const bytes = resolveRange(range, stat.size);
  if (!bytes) throw new RangeNotSatisfiable(stat.size);
  return { size: stat.size, range: bytes, body: fs.createReadStream(real, { start: bytes.start, end: bytes.end }) };
}

/** The default: the files stay in the data directory's working folders. */
export class LocalDatastore implements Datastore {
  readonly kind = 'local';

  location(): undefined {
    return undefined;
  }

  async saveAttempt(): Promise<void> {}

  async ensureLocal(): Promise<void> {}

  async savePackage(): Promise<void> {}

  read(root: string, relative: string, range?: RangeRequest): Promise<StoredFile | undefined> {
    return readLocal(root, relative, range);
  }

  async executionEnded(): Promise<void> {}

  async close(): Promise<void> {}
}

export interface DatastoreOptions {
  /**
   * S3 only: remove an execution's local working folder once it ended (the server that ran
   * every attempt itself, i.e. the local executor). Queue workers keep theirs as a cache.
   */
  pruneLocal?: boolean;
}

/** The datastore of this configuration: S3 when S3_BUCKET is set (docs/engine.md), else local. */
export async function openDatastore(s3: S3Config | undefined, paths: DatastorePaths, options: DatastoreOptions = {}): Promise<Datastore> {
  if (!s3) return new LocalDatastore();
  // loaded only when configured: the AWS SDK is large
  const { S3Datastore } = await import('./s3-datastore.js');
  return new S3Datastore(s3, paths, options);
}
