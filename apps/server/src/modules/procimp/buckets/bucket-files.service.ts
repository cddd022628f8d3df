import fs from 'node:fs/promises';
import path from 'node:path';
import type { Multipart } from '@fastify/multipart';
import type { BucketUploadResult, FileTreeNode } from '@asb/contracts';
import type { Principal } from '../../../platform/auth/principal.js';
import type { AppContext } from '../../../app-context.js';
import { detailError, notFound } from '../../../platform/http/errors.js';
import type { BucketStorage } from '../storage/bucket-storage.js';
import { listFileTree } from '../storage/file-tree.js';
import { assertNoLinks, safeRelativePath } from '../storage/safe-path.js';
import { bucketAccess } from './bucket-access.js';
import type { BucketRepository } from './bucket.repository.js';
import { receiveUpload } from './upload-receiver.js';
import type { UploadLimits } from '../../../config.js';
import { LOCKS, withAdvisoryLock } from '../../../platform/db/advisory-lock.js';

const megabytes = (bytes: number) => Math.ceil((bytes / (1024 * 1024)) * 10) / 10;

/** The size of the regular files under `root` (what a user counts as the bucket's size). */
async function filesSize(root: string): Promise<number> {
  let total = 0;
  const pending = [root];
  while (pending.length > 0) {
    const folder = pending.pop()!;
    for (const entry of await fs.readdir(folder, { withFileTypes: true }).catch(() => [])) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) pending.push(file);
      else if (entry.isFile()) total += (await fs.lstat(file).catch(() => undefined))?.size ?? 0;
    }
  }
  return total;
}

/** GET, POST and DELETE process/buckets/{b}/files (spec 2 §7 "Bucket and import"). */
export class BucketFilesService {
  constructor(
    private readonly ctx: AppContext,
    private readonly buckets: BucketRepository,
    private readonly storage: BucketStorage,
  ) {}

  async list(principal: Principal, bucketId: number): Promise<FileTreeNode[]> {
    await bucketAccess(this.ctx, this.buckets, principal, bucketId, 'view');
    return listFileTree(this.storage.bucketDir(bucketId));
  }

  /** the upload limits of the configuration (docs/security.md "Uploads") */
  get limits(): UploadLimits {
    return this.ctx.config.uploads;
  }

  /**
   * Stages every file of the request first and moves them into the bucket only
   * when all arrived complete and the bucket stays within its limit, so a refused
   * request leaves the bucket as it was.
   */
  async upload(principal: Principal, bucketId: number, parts: AsyncIterable<Multipart>): Promise<BucketUploadResult> {
    await bucketAccess(this.ctx, this.buckets, principal, bucketId, 'change');
    const root = this.storage.bucketDir(bucketId);
    const staging = await this.storage.scratchDir('uploads', String(bucketId));
    try {
      const { folder, files } = await receiveUpload(parts, staging, this.limits);
      if (files.length === 0) throw detailError(400, "No files were sent: use the multipart field 'files'.");
      const targets = files.map((file) => ({ ...file, relative: folder ? `${folder}/${file.relative}` : file.relative }));
      // one upload at a time per bucket, on any replica, checks the bucket's size and moves its files in
      return await withAdvisoryLock(this.ctx, [LOCKS.bucketFiles, bucketId], () => this.commit(root, targets));
    } finally {
      await fs.rm(staging, { recursive: true, force: true });
    }
  }

  private async commit(root: string, targets: { relative: string; staged: string }[]): Promise<BucketUploadResult> {
    let replaced = 0;
    let incoming = 0;
    for (const target of targets) {
      await assertNoLinks(root, target.relative);
      const stat = await fs.lstat(path.join(root, target.relative)).catch(() => undefined);
      if (stat?.isDirectory()) throw detailError(409, `A folder named ${target.relative} exists in the bucket.`);
      if (stat?.isFile()) replaced += stat.size;
      incoming += (await fs.stat(target.staged)).size;
    }
    const limit = this.limits.bucketBytes;
    const after = (await filesSize(root)) - replaced + incoming;
    if (incoming > replaced && after > limit) {
      throw detailError(413, `A bucket may hold at most ${megabytes(limit)} MB: these files would bring it to ${megabytes(after)} MB. Delete files first.`);
    }
    for (const target of targets) {
      const destination = path.join(root, target.relative);
      await fs.mkdir(path.dirname(destination), { recursive: true }).catch(() => {
        throw detailError(409, `Cannot create the folder of ${target.relative}: a file is in the way.`);
      });
      await fs.rename(target.staged, destination);
    }
    return { files: targets.map((target) => target.relative) };
  }

  /** Deletes files and folders (recursively); every path is checked before anything goes. */
  async delete(principal: Principal, bucketId: number, paths: string[]): Promise<{ deleted: string[] }> {
    await bucketAccess(this.ctx, this.buckets, principal, bucketId, 'change');
    const root = this.storage.bucketDir(bucketId);
    const relatives = [...new Set(paths.map(safeRelativePath))];
    for (const relative of relatives) {
      if (!relative) throw detailError(400, 'The bucket root cannot be deleted.');
      await assertNoLinks(root, relative);
      const stat = await fs.lstat(path.join(root, relative)).catch(() => undefined);
      if (!stat) throw notFound(`File ${relative} not found.`);
    }
    for (const relative of relatives) await fs.rm(path.join(root, relative), { recursive: true, force: true });
    return { deleted: relatives };
  }
}
