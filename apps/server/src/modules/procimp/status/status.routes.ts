import { MAX_ID } from '../../../platform/http/ids.js';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.js';
import { HttpError, notAuthenticated } from '../../../platform/http/errors.js';
import { openEventStream } from '../../../platform/live/event-stream.js';
import { streamPrincipal } from '../../../platform/live/stream-auth.js';
import { bucketAccess } from '../buckets/bucket-access.js';
import type { BucketRepository } from '../buckets/bucket.repository.js';
import { followBucketStatus } from './follow-bucket-status.js';
import { access } from '../../../platform/http/access.js';

const HEARTBEAT_MS = 15_000;
const tags = ['procimp'];

/**
 * Live build status (spec 2 §4, §7): SSE for the bucket panel, WebSocket for the
 * bucket page; both send the stored state on connect, then every change, and
 * close after 'Import complete' or a failure.
 */
export function registerStatusRoutes(app: FastifyInstance, ctx: AppContext, buckets: BucketRepository): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/procimp/events/process-buckets/status',
    { config: access({ who: 'user', permission: 'process-buckets:view', streamToken: true }), schema: { tags, querystring: z.object({ stream: z.coerce.number().int().positive().max(MAX_ID), token: z.string().optional() }) } },
    async (request, reply) => {
      const principal = await streamPrincipal(ctx, request);
      if (!principal) throw notAuthenticated();
      const access = await bucketAccess(ctx, buckets, principal, request.query.stream, 'view');
      // EventSource reconnects after 2 s (spec 2 §9)
      const stream = openEventStream(reply, { retryMs: 2000, heartbeatMs: HEARTBEAT_MS });
      const stop = await followBucketStatus(ctx, buckets, access, { send: (message) => stream.send(message), close: () => stream.end() });
      stream.onClose(stop);
    },
  );

  app.get('/procimp/ws/process-buckets/:bucketId/status', { websocket: true, config: access({ who: 'user', permission: 'process-buckets:view', streamToken: true }), schema: { tags } }, async (socket, request) => {
    const principal = await streamPrincipal(ctx, request);
    if (!principal) return socket.close(4401, 'Authentication required');
    const bucketId = Number((request.params as { bucketId: string }).bucketId);
    const access = await bucketAccess(ctx, buckets, principal, Number.isInteger(bucketId) ? bucketId : 0, 'view').catch((error: unknown) => {
      // close codes 4xxx carry the HTTP status: 4403 forbidden, 4404 unknown bucket
      const status = error instanceof HttpError ? error.statusCode : 500;
      socket.close(4000 + status, (error as Error).message.slice(0, 120));
      return undefined;
    });
    if (!access) return;
    const ping = setInterval(() => socket.ping(), HEARTBEAT_MS);
    const stop = await followBucketStatus(ctx, buckets, access, {
      send: (message) => socket.send(JSON.stringify(message)),
      close: () => socket.close(1000, 'Build finished'),
    });
    socket.on('close', () => {
      clearInterval(ping);
      stop();
    });
    if (socket.readyState !== socket.OPEN) {
      clearInterval(ping);
      stop();
    }
  });
}
