import { secureDataDir } from '../../../platform/data-dir.js';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Where procimp keeps its files, under the data directory:
 *   buckets/{bucketId}/   the working files of a bucket (uploads)
 *   uploads/              staging of requests in flight (renamed into place when complete)
 *   builds/               throw-away build folders
 *   objects/{aa}/{sha256} content-addressed snapshots of released versions
 * With dataDir 'memory://' (tests) a private temporary folder stands in and is
 * removed on close.
 */
export class BucketStorage {
  private constructor(
    readonly root: string,
    private readonly isTemporary: boolean,
  ) {}

  static async open(dataDir: string): Promise<BucketStorage> {
    const isTemporary = dataDir === 'memory://';
    const root = isTemporary ? await fs.mkdtemp(path.join(os.tmpdir(), 'asb-data-')) : path.resolve(dataDir);
    if (!isTemporary) secureDataDir(root);
    for (const folder of ['buckets', 'uploads', 'builds', 'objects']) await fs.mkdir(path.join(root, folder), { recursive: true });
    return new BucketStorage(root, isTemporary);
  }

  bucketDir(bucketId: number): string {
    return path.join(this.root, 'buckets', String(bucketId));
  }

  get objectsDir(): string {
    return path.join(this.root, 'objects');
  }

  /** A fresh, empty folder for one upload or build; the caller removes it. */
  async scratchDir(kind: 'uploads' | 'builds', label: string): Promise<string> {
    const dir = path.join(this.root, kind, `${label}-${crypto.randomBytes(6).toString('hex')}`);
    await fs.mkdir(dir, { recursive: true });
    return dir;
  }

  async close(): Promise<void> {
    if (this.isTemporary) await fs.rm(this.root, { recursive: true, force: true });
  }
}
