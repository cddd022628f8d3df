import { instanceOperations } from '@asb/contracts';
import type { FastifyInstance } from 'fastify';
import { eventLoopDelay, watchEventLoopDelay } from './event-loop-delay.js';
import { PUBLIC } from './http/access.js';
import { mount } from './http/operations.js';

/** GET /api/health: public, as load balancers and monitors call it without a user. */
export function registerHealthRoutes(server: FastifyInstance): void {
  watchEventLoopDelay();
  mount(server, instanceOperations, 'GET /api/health', { access: PUBLIC, tags: ['instance'] }, () => {
    const delay = eventLoopDelay();
    return { status: 'ok' as const, event_loop_delay: { max_ms: delay.maxMs, mean_ms: delay.meanMs, p99_ms: delay.p99Ms, since: delay.since } };
  });
}
