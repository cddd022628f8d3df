import type { FastifyInstance } from 'fastify';
import { TOKEN_COOKIE } from '@asb/contracts';
import { principalFromToken } from '../auth/authenticate.js';
import type { AppContext } from '../context.js';

/**
 * WebSocket /builder/live (spec 1 §4, spec 3 §7): authenticated clients receive
 * the live events meant for them. Browsers cannot set headers on a WebSocket, so
 * the token comes as ?token= or from the token cookie of a same-origin page.
 */
export function registerLiveRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/builder/live', { websocket: true }, async (socket, request) => {
    const query = request.query as { token?: string };
    const origin = request.headers.origin;
    const sameOrigin = !origin || new URL(origin).host === request.headers.host;
    const token = query.token ?? (sameOrigin ? request.cookies[TOKEN_COOKIE] : undefined);
    const principal = token ? await principalFromToken(ctx, token) : undefined;
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
