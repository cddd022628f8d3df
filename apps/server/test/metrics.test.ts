import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_PREFIX, taskQueueOf } from '../src/engine/executors/queue-protocol.js';
import { announce } from '../src/engine/executors/worker-registry.js';
import { builderApi, builderSeeds } from './helpers/builder.js';
import { startRedis, type TestRedis } from './helpers/redis.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const TOKEN = 'scrape-token-for-the-test-0123456789';

/** One sample line of the Prometheus text format: a name, optional labels, a number. */
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*",?)*\})? (-?[0-9.e+-]+|NaN|\+Inf|-Inf)$/;

function samples(text: string): { name: string; labels: Record<string, string>; value: number }[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = SAMPLE.exec(line);
      if (!match) throw new Error(`not a sample of the Prometheus text format: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((found) => [found[1]!, found[2]!]));
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** GET /metrics (docs/operations.md "Metrics"): the operators' bearer token, the Prometheus text format, routes by pattern. */
describe('metrics', () => {
  let app: TestApp;

  beforeAll(async () => {
    // the execution below stays as created: nothing runs it
    app = await createTestApp({ metricsToken: TOKEN, engine: { localCpus: 1, sweepIntervalMs: 60_000, enabled: false } });
  });
  afterAll(async () => {
    await app?.close();
  });

  const scrape = (headers: Record<string, string> = {}) => app.server.inject({ method: 'GET', url: '/metrics', headers });

  it('refuses anyone without the token: anonymous, a wrong token, a signed-in superuser', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape({ authorization: 'Bearer not-the-token' })).statusCode).toBe(403);
    // a user's sign-in is no scraper's token, not even the superuser's
    expect((await scrape(app.adminHeader)).statusCode).toBe(403);
    const user = await app.userWithHeader('metrics-olga');
    expect((await scrape(user)).statusCode).toBe(403);
  });

  it('answers the text format with requests by route pattern and status, and executions by state', async () => {
    const seeds = builderSeeds(app);
    await seeds.releasedVersion('metrics-step', '1.0', { inputs: [], outputs: [] });
    const workflowId = await seeds.workflow('metrics-flow', [
      { nodes: [{ id: 'only', kind: 'process', processVersion: 'metrics-step:1.0', position: { x: 0, y: 0 }, inputs: {} }], edges: [] },
    ]);
    const execution = await builderApi(app).created({ processor_id: workflowId, inputs: [] });
    // a request whose URL names an id: counted under its pattern, not its URL
    expect((await builderApi(app).get(execution.id)).statusCode).toBe(200);
    expect((await builderApi(app).get('999999')).statusCode).toBe(404);

    const response = await scrape({ authorization: `Bearer ${TOKEN}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const parsed = samples(response.body);

    const requests = parsed.filter((sample) => sample.name === 'asb_http_request_duration_seconds_count');
    const byId = requests.filter((sample) => sample.labels.route === '/builder/v1/executions/:id' && sample.labels.method === 'GET');
    expect(byId.find((sample) => sample.labels.status_code === '200')?.value).toBe(1);
    expect(byId.find((sample) => sample.labels.status_code === '404')?.value).toBe(1);
    const urls = [`/builder/v1/executions/${execution.id}`, '/builder/v1/executions/999999'];
    expect(requests.some((sample) => urls.includes(sample.labels.route ?? ''))).toBe(false);
    expect(requests.find((sample) => sample.labels.route === '/metrics' && sample.labels.status_code === '401')?.value).toBeGreaterThanOrEqual(1);

    expect(parsed.find((sample) => sample.name === 'asb_executions' && sample.labels.kind === 'workflow' && sample.labels.status === 'created')?.value).toBe(1);
    expect(parsed.some((sample) => sample.name === 'nodejs_eventloop_lag_p99_seconds')).toBe(true);
    expect(response.body).toContain('# TYPE asb_tasks gauge');
    expect(response.body).toContain('# TYPE asb_model_services gauge');
    if (app.database.kind === 'postgres') {
      expect(parsed.find((sample) => sample.name === 'asb_db_pool_connections' && sample.labels.state === 'total')?.value).toBeGreaterThanOrEqual(1);
    }
  });
});

/** With REDIS_URL: the queues' depth and the age of what waits, and the workers' heartbeats (docs/operations.md "Metrics"). */
describe('metrics: queues and workers', () => {
  let app: TestApp;
  let redis: TestRedis;

  beforeAll(async () => {
    redis = await startRedis();
    app = await createTestApp({ metricsToken: TOKEN, redisUrl: redis.url, engine: { localCpus: 1, sweepIntervalMs: 60_000, enabled: false } });
  });
  afterAll(async () => {
    await app?.close();
    await redis?.stop();
  });

  it('shows a job waiting for a cwltool worker, and the live workers with what they offer', async () => {
    const queue = new Queue(taskQueueOf('cwltool'), { connection: { url: redis.url }, prefix: QUEUE_PREFIX });
    await queue.add('task', { taskRowId: 1 }, { jobId: '1-1' });
    await queue.close();
    const client = new Redis(redis.url);
    const seenAt = new Date();
    await announce(
      client,
      {
        label: 'worker-a',
        host: 'node-1',
        pid: 4242,
        offers: ['python', 'cwltool'],
        cpus: 4,
        memoryMb: 8192,
        startedAt: seenAt.toISOString(),
        seenAt: seenAt.toISOString(),
      },
      60,
    );
    client.disconnect();

    const response = await app.server.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    const parsed = samples(response.body);
    const value = (name: string, labels: Record<string, string>) =>
      parsed.find((sample) => sample.name === name && Object.entries(labels).every(([key, wanted]) => sample.labels[key] === wanted))?.value;
    expect(value('asb_queue_jobs', { queue: 'asb-tasks-cwltool', state: 'waiting' })).toBe(1);
    expect(value('asb_queue_jobs', { queue: 'asb-tasks', state: 'waiting' })).toBe(0);
    expect(value('asb_queue_oldest_waiting_seconds', { queue: 'asb-tasks-cwltool' })).toBeGreaterThanOrEqual(0);
    expect(value('asb_worker_cpus', { worker: 'worker-a', offers: 'cwltool,python' })).toBe(4);
    expect(value('asb_worker_heartbeat_timestamp_seconds', { worker: 'worker-a', host: 'node-1' })).toBe(seenAt.getTime() / 1000);
  });
});
