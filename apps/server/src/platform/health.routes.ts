import { instanceOperations } from '@asb/contracts';
import type { FastifyInstance } from 'fastify';
import { eventLoopDelay, watchEventLoopDelay } from './event-loop-delay.js';
import { PUBLIC } from './http/access.js';
import { mount } from './http/operations.js';

/**
 * GET /api/health: public, as load balancers and monitors call it without a user. Staff also
 * learn which HTTP process answered (docs/operations.md "All cores"); a pid is nobody else's business.
 */
export function registerHealthRoutes(server: FastifyInstance, options: { designated: boolean }): void {
  watchEventLoopDelay();
  mount(server, instanceOperations, 'GET /api/health', { access: { ...PUBLIC, permission: 'process: staff only' }, tags: ['instance'] }, (request) => {
    const delay = eventLoopDelay();
    const isStaff = request.principal?.isStaff === true || request.principal?.isSuperuser === true;
    return {
      status: 'ok' as const,
      event_loop_delay: { max_ms: delay.maxMs, mean_ms: delay.meanMs, p99_ms: delay.p99Ms, since: delay.since },
      ...(isStaff ? { process: { pid: process.pid, designated: options.designated } } : {}),
    };
  });
}
