import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import type { AppContext } from '../../app-context.js';
import { access } from '../../platform/http/access.js';
import { detailError, notAuthenticated, permissionDenied } from '../../platform/http/errors.js';
import { perProcessMetricsText } from './cluster-metrics.js';
import { countRequests } from './http-metrics.js';
import { processMetrics, type PoolStats } from './process-metrics.js';
import { registerQueueMetrics } from './queue-metrics.js';
import { registerWorkMetrics } from './work-metrics.js';

const digest = (text: string) => crypto.createHash('sha256').update(text).digest();

/**
 * GET /metrics in the Prometheus text format, for operators (docs/operations.md "Metrics"): the
 * bearer token ASB_METRICS_TOKEN, never a user's sign-in, so a scraper holds no account and a user
 * learns nothing of the machine. Without the variable there are no metrics (404). The HTTP
 * processes' own metrics are summed over the processes; the work's are read once from the database
 * and Redis.
 */
export function registerMetrics(server: FastifyInstance, ctx: AppContext, options: { pool?: () => PoolStats }): void {
  countRequests(server);
  const { pools } = processMetrics();
  if (options.pool) {
    const pool = options.pool;
    pools.add(pool);
    server.addHook('onClose', async () => void pools.delete(pool));
  }
  const work = new Registry();
  registerWorkMetrics(work, ctx.db);
  const queues = ctx.config.redisUrl ? registerQueueMetrics(work, ctx.config.redisUrl) : undefined;
  if (queues) server.addHook('onClose', () => queues.close());
  const expected = ctx.config.metricsToken ? digest(ctx.config.metricsToken) : undefined;

  server.get(
    '/metrics',
    { config: access({ who: 'public', permission: 'operators: the bearer token ASB_METRICS_TOKEN' }), schema: { hide: true } },
    async (request, reply) => {
      if (!expected) throw detailError(404, 'Metrics are off: set ASB_METRICS_TOKEN to serve them (docs/operations.md "Metrics").');
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) throw notAuthenticated();
      // compared as digests: equal lengths, and the time taken says nothing of the token
      if (!crypto.timingSafeEqual(digest(header.slice(7).trim()), expected)) throw permissionDenied();
      const text = `${await perProcessMetricsText()}\n${await work.metrics()}`;
      return reply.type(work.contentType).send(text);
    },
  );
}
