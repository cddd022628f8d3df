import { BUCKET_STATUS_EVENT, type ImportStatusMessage } from '@asb/contracts';
import type { AppContext } from '../../../app-context.js';
import type { BucketAccess } from '../buckets/bucket-access.js';
import type { BucketRepository } from '../buckets/bucket.repository.js';
import { isFinal, toBuildStatus, toStatusMessage, type BucketStatusPayload } from './status-message.js';

/** Where a status stream (SSE or WebSocket) writes. */
export interface StatusSink {
  send(message: ImportStatusMessage): void;
  /** the build ended ('Import complete' or a failure): the server closes the stream */
  close(): void;
}

type OrderKey = [number, number];
const isNewer = (a: OrderKey, b: OrderKey | undefined) => !b || a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);

/**
 * Sends the bucket's stored status, then every change published on the bus (by
 * this server or, through a shared bus, another replica). It subscribes before
 * reading the row so no change falls in between; a build's log only grows, so
 * (build start, log length) drops anything older than what was already sent.
 * Returns the unsubscribe function.
 */
export async function followBucketStatus(ctx: AppContext, buckets: BucketRepository, access: BucketAccess, sink: StatusSink): Promise<() => void> {
  const bucketId = access.bucket.id;
  let lastSent: OrderKey | undefined;
  let isClosed = false;
  let isReady = false;
  const queued: BucketStatusPayload[] = [];

  const deliver = (payload: BucketStatusPayload) => {
    const key: OrderKey = [payload.startedAt ?? -1, payload.message.content.length];
    if (isClosed || !isNewer(key, lastSent)) return;
    lastSent = key;
    sink.send(payload.message);
    if (isFinal(payload.status)) {
      stop();
      sink.close();
    }
  };
  const unsubscribe = ctx.bus.subscribe((event) => {
    if (event.type !== BUCKET_STATUS_EVENT || (event.payload as BucketStatusPayload).bucketId !== bucketId) return;
    if (isReady) deliver(event.payload as BucketStatusPayload);
    else queued.push(event.payload as BucketStatusPayload);
  });
  function stop() {
    isClosed = true;
    unsubscribe();
  }

  const row = (await buckets.find(bucketId)) ?? access.bucket;
  const state = { status: toBuildStatus(row.buildStatus), log: row.buildLog, startedAt: row.buildStartedAt, processLabel: access.process.label };
  deliver({ bucketId, status: state.status, startedAt: state.startedAt?.getTime() ?? null, message: toStatusMessage(state) });
  isReady = true;
  for (const payload of queued.splice(0)) deliver(payload);
  return stop;
}
