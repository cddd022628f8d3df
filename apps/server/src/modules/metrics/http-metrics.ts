import type { FastifyInstance } from 'fastify';
import { processMetrics } from './process-metrics.js';

/** Every answer is counted by its route's pattern (`/knowledge/v1/workflows/:id`), never its URL: one series per route, not per id. */
export function countRequests(server: FastifyInstance): void {
  const { requests } = processMetrics();
  server.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requests.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
}
