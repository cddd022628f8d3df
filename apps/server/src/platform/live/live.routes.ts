import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { streamPrincipal } from './stream-auth.js';

/**
 * WebSocket /builder/live (spec 1 §4, spec 3 §7): authenticated clients receive
 * the live events meant for them (token: see streamPrincipal).
 */
export function registerLiveRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/builder/live', { websocket: true }, async (socket, request) => {
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
  });
}
