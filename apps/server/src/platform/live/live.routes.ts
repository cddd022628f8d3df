import type { FastifyInstance } from 'fastify';
import { instanceOperations as operations } from '@asb/contracts';
import type { PlatformContext } from '../context.js';
import { notAuthenticated, permissionDenied } from '../http/errors.js';
import type { LiveEvent } from './event-bus.js';
import { openEventStream } from './event-stream.js';
import { streamPrincipal } from './stream-auth.js';
import { access } from '../http/access.js';
import { mount } from '../http/operations.js';

const HEARTBEAT_MS = 15_000;
/** spec 1 §4: live reconnects wait 1000 ms */
const RETRY_MS = 1000;

/**
 * WebSocket /builder/live (spec 1 §4, spec 3 §7): authenticated clients receive
 * the live events meant for them (token: see streamPrincipal).
 */
export function registerLiveRoutes(app: FastifyInstance, ctx: PlatformContext): void {
  registerLiveStreams(app, ctx);
  // a WebSocket is no HTTP operation: outside the contract and the OpenAPI document (docs/api.md lists it)
  app.get(
    '/builder/live',
    { websocket: true, config: access({ who: 'user', permission: 'events meant for the user', streamToken: true }), schema: { hide: true } },
    async (socket, request) => {
      const principal = await streamPrincipal(ctx, request);
      if (!principal) {
        socket.close(4401, 'Authentication required');
        return;
      }
      const unsubscribe = ctx.bus.subscribe((event) => {
        const allowed = event.audience === '*' || event.audience === principal.username || principal.isSuperuser;
        if (allowed) socket.send(JSON.stringify({ type: event.type, ...event.payload }));
      });
      socket.on('close', unsubscribe);
      socket.send(JSON.stringify({ type: 'hello', username: principal.username }));
    },
  );
}

/**
 * Server-sent events of spec 3 §7 Live updates: /backend/live/{username}/ carries the
 * events meant for that user (the user or a superuser may listen), /backend/live/_all_executions/
 * every executionUpdate (superusers), /backend/live/_marketplace/ the events meant for everyone.
 */
function registerLiveStreams(app: FastifyInstance, ctx: PlatformContext): void {
  const channelAccess = {
    who: 'public',
    permission: '_marketplace: anyone; {username}: that user or a superuser; _all_executions: superusers',
    streamToken: true,
  } as const;
  mount(app, operations, 'GET /backend/live/{channel}/', { access: channelAccess, tags: ['backend'] }, async (request, reply) => {
    const { channel } = request.params;
    const principal = await streamPrincipal(ctx, request);
    let accepts: (event: LiveEvent) => boolean;
    if (channel === '_marketplace') accepts = (event) => event.audience === '*';
    else {
      if (!principal) throw notAuthenticated();
      if (channel === '_all_executions') {
        if (!principal.isSuperuser) throw permissionDenied();
        accepts = (event) => event.type === 'executionUpdate';
      } else {
        if (channel !== principal.username && !principal.isSuperuser) throw permissionDenied();
        accepts = (event) => event.audience === channel || event.audience === '*';
      }
    }
    const stream = openEventStream(reply, { retryMs: RETRY_MS, heartbeatMs: HEARTBEAT_MS });
    const unsubscribe = ctx.bus.subscribe((event) => {
      if (accepts(event)) stream.send({ type: event.type, ...event.payload }, event.type);
    });
    stream.onClose(unsubscribe);
  });
}
