import type { FastifyInstance } from 'fastify';
import { procimpOperations as operations } from '@asb/contracts';
import type { AppContext } from '../../../app-context.js';
import { HttpError } from '../../../platform/http/errors.js';
import { loggableError } from '../../../platform/http/input-guards.js';
import { openEventStream } from '../../../platform/live/event-stream.js';
import { streamPrincipal } from '../../../platform/live/stream-auth.js';
import { bucketAccess } from '../buckets/bucket-access.js';
import type { BucketRepository } from '../buckets/bucket.repository.js';
import { followBucketStatus } from './follow-bucket-status.js';
import { access } from '../../../platform/http/access.js';
import { mount } from '../../../platform/http/operations.js';
import { resourceId } from '../../../platform/resources/resource.service.js';

const HEARTBEAT_MS = 15_000;
const tags = ['procimp'];

/** A WebSocket close reason holds at most 123 bytes of UTF-8: longer text is cut (on a character) and marked. */
function closeReason(text: string): string {
  if (Buffer.byteLength(text) <= 123) return text;
  let cut = '';
  for (const character of text) {
    if (Buffer.byteLength(`${cut}${character}…`) > 123) break;
    cut += character;
  }
  return `${cut}…`;
}

/**
 * Live build status (spec 2 §4, §7): SSE for the bucket panel, WebSocket for the
 * bucket page; both send the stored state on connect, then every change, and
 * close after 'Import complete' or a failure.
 */
export function registerStatusRoutes(app: FastifyInstance, ctx: AppContext, buckets: BucketRepository): void {
  mount(
    app,
    operations,
    'GET /procimp/events/process-buckets/status',
    { access: { who: 'user', permission: 'process-buckets:view', streamToken: true }, tags },
    async (request, reply) => {
      const access = await bucketAccess(ctx, buckets, request.principal, request.query.stream, 'view');
      // EventSource reconnects after 2 s (spec 2 §9)
      const stream = openEventStream(reply, { retryMs: 2000, heartbeatMs: HEARTBEAT_MS });
      const stop = await followBucketStatus(ctx, buckets, access, { send: (message) => stream.send(message), close: () => stream.end() });
      stream.onClose(stop);
    },
  );

  // a WebSocket is no HTTP operation: outside the contract and the OpenAPI document (docs/api.md lists it)
  app.get(
    '/procimp/ws/process-buckets/:bucketId/status',
    { websocket: true, config: access({ who: 'user', permission: 'process-buckets:view', streamToken: true }), schema: { tags, hide: true } },
    async (socket, request) => {
      const principal = await streamPrincipal(ctx, request);
      if (!principal) return socket.close(4401, 'Authentication required');
      const given = (request.params as { bucketId: string }).bucketId;
      // only a canonical id within the column's range reaches the query (else: no such bucket)
      const bucketId = resourceId(given);
      if (bucketId === undefined) return socket.close(4404, closeReason(`No bucket ${given} found.`));
      const access = await bucketAccess(ctx, buckets, principal, bucketId, 'view').catch((error: unknown) => {
        // close codes 4xxx carry the HTTP status: 4403 forbidden, 4404 unknown bucket; anything else is
        // logged, and the client reads only that it failed (a close reason never carries a query)
        if (error instanceof HttpError) socket.close(4000 + error.statusCode, closeReason(error.message));
        else {
          request.log.error({ err: loggableError(error) }, 'bucket status: could not follow the bucket');
          socket.close(1011, 'Internal error');
        }
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
    },
  );
}
