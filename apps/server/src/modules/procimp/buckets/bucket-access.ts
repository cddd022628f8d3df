import type { Action } from '@asb/contracts';
import type { Principal } from '../../../platform/auth/principal.js';
import type { AppContext } from '../../../app-context.js';
import { detailError, notFound } from '../../../platform/http/errors.js';
import { processAccess, type ProcessRow } from '../../knowledge/process-access.js';
import type { BucketRepository, BucketRow } from './bucket.repository.js';

export interface BucketAccess {
  bucket: BucketRow;
  process: ProcessRow;
  workspaceIds: number[];
}

/**
 * A bucket is seen and changed through its process (processAccess): 'view' for
 * reads, 'change' for uploads, deletes and builds; archived processes are
 * read-only. A released bucket is frozen whatever the permission.
 */
export async function bucketAccess(ctx: AppContext, buckets: BucketRepository, principal: Principal, bucketId: number, action: Action): Promise<BucketAccess> {
  const bucket = await buckets.find(bucketId);
  if (!bucket) throw notFound(`No bucket #${bucketId} found.`);
  const access = await processAccess(ctx, principal, bucket.processId, action);
  if (action !== 'view' && bucket.released) throw detailError(409, `Bucket #${bucketId} is released: its files are read-only.`);
  return { bucket, ...access };
}
