import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../../config.js';
import type { DatastorePaths } from './datastore-paths.js';
import {
  insidePath,
  RangeNotSatisfiable,
  readLocal,
  type Datastore,
  type DatastoreLocation,
  type DatastoreOptions,
  type RangeRequest,
  type StoredFile,
} from './datastore.js';

/** Left in an execution's working folder when something of it could not be stored: the folder is then kept. */
const UNSAVED = '.unsaved';

/** Files uploaded or fetched at once per attempt. */
const CONCURRENCY = 4;

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/**
 * The S3 datastore (docs/engine.md, "Datastore"): the local working folders mirrored into
 * one bucket. datastore/{owner}/executions/{id}/… under the data directory is the key
 * {S3_PREFIX}{owner}/executions/{id}/… in S3_BUCKET.
 */
export class S3Datastore implements Datastore {
  readonly kind = 's3';
  private readonly client: S3Client;

  constructor(
    private readonly config: S3Config,
    private readonly paths: DatastorePaths,
    private readonly options: DatastoreOptions = {},
  ) {
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
      // plain PUTs with a length: S3-compatible stores (MinIO, s3rver, Ceph) do not all take aws-chunked trailers
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  location(executionDir: string): DatastoreLocation {
    return { S3BucketName: this.config.bucket, S3OutputsPath: `s3://${this.config.bucket}/${this.keyOf(executionDir)}/` };
  }

  /** The object key of a path in the local datastore folder. */
  keyOf(localPath: string): string {
    const relative = path.relative(this.paths.datastoreRoot, path.resolve(localPath));
    if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) throw new Error(`${localPath} is not inside the datastore folder`);
    return this.config.prefix + relative.split(path.sep).join('/');
  }

  async saveAttempt(files: { outDir?: string; logPath: string }): Promise<void> {
    try {
      await this.copyAttempt(files);
    } catch (error) {
      // the working folder is then the only copy: it stays when the execution ends
      await fs.promises.writeFile(path.join(path.dirname(path.dirname(files.logPath)), UNSAVED), `${new Date().toISOString()}\n`).catch(() => undefined);
      throw error;
    }
  }

  private async copyAttempt(files: { outDir?: string; logPath: string }): Promise<void> {
    if (files.outDir) {
      const prefix = `${this.keyOf(files.outDir)}/`;
      // what an earlier attempt of the task left (an upload cut short) goes first: the outputs are this attempt's alone
      await this.deletePrefix(prefix);
      const found = await regularFiles(files.outDir);
      await eachLimited(found, CONCURRENCY, (file) => this.upload(file, this.keyOf(file)));
    }
    if (fs.existsSync(files.logPath)) await this.upload(files.logPath, this.keyOf(files.logPath));
  }

  async savePackage(packageDir: string): Promise<void> {
    const found = await regularFiles(packageDir);
    await eachLimited(found, CONCURRENCY, (file) => this.upload(file, this.keyOf(file)));
  }

  async ensureLocal(localPath: string): Promise<void> {
    if (fs.existsSync(localPath)) return;
    const key = this.keyOf(localPath);
    if (await this.fetch(key, localPath)) return;
    // a folder output: every object under it
    const keys = await this.list(`${key}/`);
    await eachLimited(keys, CONCURRENCY, async (objectKey) => {
      await this.fetch(objectKey, path.join(localPath, ...objectKey.slice(key.length + 1).split('/')));
    });
  }

  async read(root: string, relative: string, range?: RangeRequest): Promise<StoredFile | undefined> {
    const wanted = insidePath(root, relative);
    if (!wanted) return undefined;
    const key = this.keyOf(wanted);
    let response: GetObjectCommandOutput;
    try {
      response = await this.client.send(
        new GetObjectCommand({ Bucket: this.config.bucket, Key: key, Range: range ? `bytes=${range.start ?? ''}-${range.end ?? ''}` : undefined }),
      );
    } catch (error) {
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416) throw new RangeNotSatisfiable(await this.sizeOf(key));
      // not stored (yet): a running attempt's log lives only in its working folder; so does
      // what could not be stored (the bucket was unreachable)
      const local = await readLocal(root, relative, range);
      if (local || isMissing(error)) return local;
      throw error;
    }
    const body = response.Body as Readable;
    const contentRange = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(response.ContentRange ?? '');
    if (range && contentRange) {
      return { size: Number(contentRange[3]), range: { start: Number(contentRange[1]), end: Number(contentRange[2]) }, body };
    }
    return { size: response.ContentLength ?? 0, body };
  }

  async executionEnded(executionDir: string): Promise<void> {
    if (!this.options.pruneLocal || fs.existsSync(path.join(executionDir, UNSAVED))) return;
    // the last attempt's scratch folder may still be going away beside this (local-executor.ts):
    // a removal that trips over it is done again once that one is over
    for (let attempt = 1; ; attempt++) {
      try {
        await fs.promises.rm(executionDir, { recursive: true, force: true, maxRetries: 3, retryDelay: 20 });
        return;
      } catch (error) {
        if (attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  private async upload(file: string, key: string): Promise<void> {
    const { size } = await fs.promises.stat(file);
    // multipart above 5 MB parts: outputs of many GB go up too
    await new Upload({
      client: this.client,
      params: { Bucket: this.config.bucket, Key: key, Body: fs.createReadStream(file), ContentLength: size },
      queueSize: 2,
    }).done();
  }

  /** Downloads one object into place (through a temporary name: a cut-off download leaves nothing); false when there is none. */
  private async fetch(key: string, target: string): Promise<boolean> {
    let response: GetObjectCommandOutput;
    try {
      response = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: key }));
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.${crypto.randomBytes(4).toString('hex')}.part`;
    try {
      await pipeline(response.Body as Readable, fs.createWriteStream(partial));
      await fs.promises.rename(partial, target);
    } finally {
      await fs.promises.rm(partial, { force: true });
    }
    return true;
  }

  private async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  private async deletePrefix(prefix: string): Promise<void> {
    const keys = await this.list(prefix);
    for (let index = 0; index < keys.length; index += 1000) {
      const batch = keys.slice(index, index + 1000).map((Key) => ({ Key }));
      await this.client.send(new DeleteObjectsCommand({ Bucket: this.config.bucket, Delete: { Objects: batch, Quiet: true } }));
    }
  }

  private async sizeOf(key: string): Promise<number> {
    const head = await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: key }));
    return head.ContentLength ?? 0;
  }
}

/** The regular files under a folder (links and other special files are not outputs). */
async function regularFiles(dir: string): Promise<string[]> {
  const entries = await fs.promises.readdir(dir, { withFileTypes: true, recursive: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}
