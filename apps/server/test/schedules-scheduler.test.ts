import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { SchedulePayload } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Scheduler } from '../src/modules/schedules/scheduler.js';
import { workflows } from '../src/db-schema.js';
import { OutboundFetch } from '../src/platform/outbound/outbound-fetch.js';
import { builderApi, builderSeeds, type ErrorBody, type ExecutionObject } from './helpers/builder.js';
import { knowledgeApi, type Headers } from './helpers/knowledge-api.js';
import {
  dueTimes,
  type ScheduleObject,
  SCAN_GRAPH,
  SCAN_INPUTS,
  scheduledExecutions,
  scheduleRow,
  schedulesApi,
  seedScanProcess,
  TestClock,
} from './helpers/schedules.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * The scheduler (docs/schedules.md) on a real app and database, with a clock the test
 * moves: each strategy's due times, one execution per due time whoever ticks, the
 * catch-up rule across a restart, runs that cannot start, the trigger URL, and
 * on-new-data against a STAC API served on loopback. The engine is off: executions
 * are created and submitted (pending), the engine tests run them.
 */
describe('scheduler', () => {
  let app: TestApp;
  let api: ReturnType<typeof schedulesApi>;
  let flow = '';
  let olga: Headers;
  let nils: Headers;
  let lab = '';

  const payload = (overrides: Partial<SchedulePayload>): Partial<SchedulePayload> => ({ processor_id: flow, title: 'Scan', inputs: SCAN_INPUTS, ...overrides });
  const scheduler = (clock: TestClock, on: TestApp = app) => new Scheduler(on.ctx, { clock });

  beforeAll(async () => {
    // the STAC APIs of these tests are on loopback, which the outbound-fetch guard refuses unless allowed
    app = await createTestApp({ theme: 'eopen', engine: { localCpus: 1, sweepIntervalMs: 2000, enabled: false }, outboundAllow: ['127.0.0.0/8'] });
    api = schedulesApi(app);
    const knowledge = knowledgeApi(app);
    lab = await knowledge.workspace('lab');
    olga = await knowledge.member('olga', { [lab]: 'developer' });
    nils = await knowledge.member('nils');
    await seedScanProcess(app);
    flow = await builderSeeds(app).workflow('scan-flow', [SCAN_GRAPH], { workspaceIds: [lab], label: 'Scan flow' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('runs a single execution once, as its owner, submitted', async () => {
    const schedule = await api.created(payload({ strategy: 'single-execution', start_time: '2090-01-01T06:00:00Z' }), olga);
    const clock = new TestClock('2090-01-01T05:59:00Z');
    const ticker = scheduler(clock);
    await ticker.tick();
    expect(await scheduledExecutions(app, schedule.id)).toEqual([]);
    clock.set('2090-01-01T06:00:10Z');
    await ticker.tick();
    await ticker.tick();
    clock.advanceMinutes(60 * 24);
    await ticker.tick();
    const runs = await scheduledExecutions(app, schedule.id);
    expect(dueTimes(runs)).toEqual(['2090-01-01T06:00:00.000Z']);
    expect(runs[0]).toMatchObject({ status: 'pending', ownerId: 'olga' });
    expect(runs[0]!.inputs.find((group) => group.node_id === 'scan')?.items.find((item) => item.identifier === 'label')?.value).toBe('nightly');
    const served = await api.fetched(schedule.id, olga);
    expect(served.attributes).toMatchObject({ nextRunAt: null, lastRunAt: '2090-01-01T06:00:10.000Z', executionCount: 1, lastError: null });
  });

  it('shows the schedule on its executions and lists them by filter[scheduleId]', async () => {
    const schedule = await api.created(payload({ strategy: 'single-execution', start_time: '2090-02-01T00:00:00Z' }), olga);
    await scheduler(new TestClock('2090-02-01T00:00:01Z')).tick();
    const executions = await builderApi(app).list(`filter[scheduleId]=${schedule.id}`, olga);
    expect(executions).toHaveLength(1);
    expect(executions[0]!.attributes).toMatchObject({
      schedule: { id: schedule.id, identifier: schedule.attributes.identifier },
      status: 'pending',
      processorVersion: 1,
    });
  });

  it('runs an interval schedule at each due time and stops after its end time', async () => {
    const schedule = await api.created(
      payload({
        strategy: 'interval-execution',
        start_time: '2090-03-01T00:00:00Z',
        end_time: '2090-03-01T00:35:00Z',
        interval: 15,
        interval_period: 'minutes',
      }),
      olga,
    );
    const clock = new TestClock('2090-03-01T00:00:02Z');
    const ticker = scheduler(clock);
    for (let tick = 0; tick < 6; tick++) {
      await ticker.tick();
      clock.advanceMinutes(7.5);
    }
    expect(dueTimes(await scheduledExecutions(app, schedule.id))).toEqual(['2090-03-01T00:00:00.000Z', '2090-03-01T00:15:00.000Z', '2090-03-01T00:30:00.000Z']);
    expect((await scheduleRow(app, schedule.id)).nextRunAt).toBeNull();
  });

  it('runs an interval schedule whose start passed before the submit at once, for that start', async () => {
    // the form prefills the start with the moment it opened: by the submit it has passed (its end keeps it out of the later tests' ticks)
    const start = new Date(Math.floor(Date.now() / 1000) * 1000 - 3 * 60_000);
    const end = new Date(start.getTime() + 30 * 60_000);
    const schedule = await api.created(
      payload({ strategy: 'interval-execution', start_time: start.toISOString(), end_time: end.toISOString(), interval: 1, interval_period: 'hours' }),
      olga,
    );
    expect((await api.fetched(schedule.id, olga)).attributes.nextRunAt).toBe(start.toISOString());
    const ticker = scheduler(new TestClock(new Date(start.getTime() + 4 * 60_000).toISOString()));
    await ticker.tick();
    expect(dueTimes(await scheduledExecutions(app, schedule.id))).toEqual([start.toISOString()]);
    // its next due time (start + 1 h) is after its end: done
    expect((await scheduleRow(app, schedule.id)).nextRunAt).toBeNull();
  });

  it('runs a crontab schedule on the chosen days of the month', async () => {
    const schedule = await api.created(
      payload({ strategy: 'crontab-execution', start_time: '2090-04-01T00:00:00Z', hour: 6, minute: 30, day_of_month: [2, 20] }),
      olga,
    );
    const clock = new TestClock('2090-04-01T00:00:00Z');
    const ticker = scheduler(clock);
    // a tick every 6 hours for 40 days
    for (let tick = 0; tick < 160; tick++) {
      await ticker.tick();
      clock.advanceMinutes(6 * 60);
    }
    expect(dueTimes(await scheduledExecutions(app, schedule.id))).toEqual(['2090-04-02T06:30:00.000Z', '2090-04-20T06:30:00.000Z', '2090-05-02T06:30:00.000Z']);
  });

  it('after a restart, fires once for the latest missed due time, then goes on', async () => {
    const schedule = await api.created(
      payload({ strategy: 'interval-execution', start_time: '2090-05-01T00:00:00Z', interval: 10, interval_period: 'minutes' }),
      olga,
    );
    const clock = new TestClock('2090-05-01T00:00:05Z');
    const before = scheduler(clock);
    await before.tick();
    await before.stop();
    app = await app.restart();
    api = schedulesApi(app);
    // down for 47 minutes: 00:10 ... 00:40 were missed
    clock.set('2090-05-01T00:47:00Z');
    const after = scheduler(clock);
    await after.tick();
    await after.tick();
    expect(dueTimes(await scheduledExecutions(app, schedule.id))).toEqual(['2090-05-01T00:00:00.000Z', '2090-05-01T00:40:00.000Z']);
    expect((await scheduleRow(app, schedule.id)).nextRunAt?.toISOString()).toBe('2090-05-01T00:50:00.000Z');
    clock.set('2090-05-01T00:50:01Z');
    await after.tick();
    expect(dueTimes(await scheduledExecutions(app, schedule.id)).at(-1)).toBe('2090-05-01T00:50:00.000Z');
  });

  it('runs a single execution whose time passed while no scheduler ran, once', async () => {
    const schedule = await api.created(payload({ strategy: 'single-execution', start_time: '2090-06-01T00:00:00Z' }), olga);
    const clock = new TestClock('2090-06-03T12:00:00Z');
    await scheduler(clock).tick();
    await scheduler(clock).tick();
    expect(dueTimes(await scheduledExecutions(app, schedule.id))).toEqual(['2090-06-01T00:00:00.000Z']);
  });

  it('never starts two executions for one due time when schedulers tick at the same moment', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 4; index++) {
      const schedule = await api.created(
        payload({ title: `Race ${index}`, strategy: 'interval-execution', start_time: '2090-07-01T00:00:00Z', interval: 10, interval_period: 'minutes' }),
        olga,
      );
      ids.push(schedule.id);
    }
    const clock = new TestClock('2090-07-01T00:00:01Z');
    const replicas = [scheduler(clock), scheduler(clock), scheduler(clock)];
    for (let round = 0; round < 3; round++) {
      await Promise.all(replicas.map((replica) => replica.tick()));
      clock.advanceMinutes(10);
    }
    for (const id of ids) {
      expect(dueTimes(await scheduledExecutions(app, id))).toEqual(['2090-07-01T00:00:00.000Z', '2090-07-01T00:10:00.000Z', '2090-07-01T00:20:00.000Z']);
    }
  });

  it('records why a run could not start, does not retry it, and moves on', async () => {
    const schedule = await api.created(
      payload({ strategy: 'interval-execution', start_time: '2090-08-01T00:00:00Z', interval: 1, interval_period: 'hours' }),
      olga,
    );
    await app.ctx.db
      .update(workflows)
      .set({ isArchived: true })
      .where(eq(workflows.id, Number(flow)));
    try {
      const clock = new TestClock('2090-08-01T00:00:01Z');
      const ticker = scheduler(clock);
      await ticker.tick();
      await ticker.tick();
      expect(await scheduledExecutions(app, schedule.id)).toEqual([]);
      const row = await scheduleRow(app, schedule.id);
      expect(row.lastError).toContain('not allowed to execute');
      expect(row.nextRunAt?.toISOString()).toBe('2090-08-01T01:00:00.000Z');
      expect((await api.fetched(schedule.id, olga)).attributes.lastError).toBe(row.lastError);
    } finally {
      await app.ctx.db
        .update(workflows)
        .set({ isArchived: false })
        .where(eq(workflows.id, Number(flow)));
    }
    const clock = new TestClock('2090-08-01T01:00:01Z');
    await scheduler(clock).tick();
    expect(dueTimes(await scheduledExecutions(app, schedule.id))).toEqual(['2090-08-01T01:00:00.000Z']);
    expect((await scheduleRow(app, schedule.id)).lastError).toBeNull();
  });

  it('does not run disabled or archived schedules', async () => {
    const disabled = await api.created(payload({ strategy: 'single-execution', start_time: '2090-09-01T00:00:00Z' }), olga);
    const archived = await api.created(payload({ strategy: 'single-execution', start_time: '2090-09-01T00:00:00Z' }), olga);
    await api.patched(disabled.id, { status: 'disabled' }, olga);
    expect((await api.archive(archived.id, olga)).statusCode).toBe(200);
    await scheduler(new TestClock('2090-09-02T00:00:00Z')).tick();
    expect(await scheduledExecutions(app, disabled.id)).toEqual([]);
    expect(await scheduledExecutions(app, archived.id)).toEqual([]);
  });

  it('leaves its executions when a schedule is deleted, without the reference', async () => {
    const schedule = await api.created(payload({ strategy: 'single-execution', start_time: '2090-02-10T00:00:00Z' }), olga);
    await scheduler(new TestClock('2090-02-10T00:00:01Z')).tick();
    const [run] = await scheduledExecutions(app, schedule.id);
    expect((await api.delete(schedule.id, olga)).statusCode).toBe(204);
    const execution = (await builderApi(app).get(String(run!.id), olga)).json<{ data: ExecutionObject }>().data;
    expect(execution.attributes).toMatchObject({ status: 'pending', schedule: null });
  });

  describe('external trigger', () => {
    it('starts an execution for the right token, as the schedule’s owner, and is refused otherwise', async () => {
      const schedule = await api.created(payload({ strategy: 'external-trigger' }), olga);
      expect(schedule.attributes.nextRunAt).toBeNull();
      const url = schedule.attributes.triggerUrl!;
      expect(url).toMatch(new RegExp(`^http://localhost(:\\d+)?/builder/v1/schedules/${schedule.id}/trigger/[A-Za-z0-9_-]{43}$`));
      // only its owner and superusers see the URL
      expect((await api.fetched(schedule.id, app.adminHeader)).attributes.triggerUrl).toBe(url);
      // a forwarded host from a proxy nobody configured changes nothing (ASB_TRUSTED_PROXIES)
      const forged = await app.server.inject({
        url: `/builder/v1/schedules/${schedule.id}`,
        headers: { ...olga, 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      });
      expect(forged.json<{ data: { attributes: { triggerUrl: string } } }>().data.attributes.triggerUrl).toBe(url);

      const response = await api.trigger(url);
      expect(response.statusCode, response.body).toBe(201);
      const started = response.json<{ data: { type: string; id: string; attributes: { identifier: string; status: string } } }>().data;
      expect(started).toMatchObject({ type: 'executions', attributes: { status: 'pending' } });
      const execution = (await builderApi(app).get(started.id, olga)).json<{ data: ExecutionObject }>().data;
      expect(execution.attributes).toMatchObject({
        identifier: started.attributes.identifier,
        ownerId: 'olga',
        schedule: { id: schedule.id, identifier: schedule.attributes.identifier },
      });
      expect((await api.fetched(schedule.id, olga)).attributes).toMatchObject({ executionCount: 1 });

      const wrongToken = url.replace(/[^/]+$/, 'x'.repeat(43));
      expect((await api.trigger(wrongToken)).statusCode).toBe(404);
      expect((await api.trigger(url.replace(`/schedules/${schedule.id}/`, '/schedules/999999/'))).statusCode).toBe(404);
      expect((await api.trigger(url.replace(`/schedules/${schedule.id}/`, '/schedules/abc/'))).statusCode).toBe(404);
      expect(await scheduledExecutions(app, schedule.id)).toHaveLength(1);
    });

    it('hides the URL from everyone but the owner and superusers; its runs are seen where the schedule is', async () => {
      const lab = (await knowledgeApi(app).list<{ identifier: string }>('/knowledge/v1/workspaces')).data.find(
        (workspace) => workspace.attributes.identifier === 'lab',
      )!.id;
      const uma = await knowledgeApi(app).member('uma-trigger', { [lab]: 'operator' });
      const schedule = await api.created(payload({ strategy: 'external-trigger' }), olga);
      expect((await api.share(schedule.id, [lab], olga)).statusCode).toBe(200);
      expect((await api.fetched(schedule.id, uma)).attributes.triggerUrl).toBeNull();
      expect((await api.list('filter[strategy]=external-trigger', uma)).every((item) => item.attributes.triggerUrl === null)).toBe(true);
      expect((await api.get(schedule.id, nils)).statusCode).toBe(403);
      // its runs are shared where the schedule is
      const started = (await api.trigger((await api.fetched(schedule.id, olga)).attributes.triggerUrl!)).json<{ data: { id: string } }>().data;
      expect((await builderApi(app).list(`filter[scheduleId]=${schedule.id}`, uma)).map((execution) => execution.id)).toEqual([started.id]);
      expect((await builderApi(app).get(started.id, nils)).statusCode).toBe(403);
    });

    it('takes input values in its body, checked as any execution’s', async () => {
      const schedule = await api.created(payload({ strategy: 'external-trigger' }), olga);
      const url = schedule.attributes.triggerUrl!;
      const response = await api.trigger(url, { inputs: { scan: { label: 'from the trigger' } } });
      expect(response.statusCode, response.body).toBe(201);
      const [run] = await scheduledExecutions(app, schedule.id);
      expect(run!.inputs[0]!.items.find((item) => item.identifier === 'label')?.value).toBe('from the trigger');
      expect(run!.scheduledFor).toBeNull();
      const refused = await api.trigger(url, { inputs: { scan: { label: '' } } });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json<ErrorBody>().errors.map((error) => error.source?.pointer)).toEqual(['/data/attributes/inputs/scan/label']);
      expect(await scheduledExecutions(app, schedule.id)).toHaveLength(1);
    });

    it('answers 409 for a disabled or archived schedule, and for one that does not run on a trigger', async () => {
      const schedule = await api.created(payload({ strategy: 'external-trigger' }), olga);
      const url = schedule.attributes.triggerUrl!;
      await api.patched(schedule.id, { status: 'disabled' }, olga);
      const disabled = await api.trigger(url);
      expect(disabled.statusCode).toBe(409);
      expect(disabled.json<ErrorBody>().detail).toContain('is disabled');
      await api.archive(schedule.id, olga);
      expect((await api.trigger(url)).json<ErrorBody>().detail).toContain('is archived');
      await api.unarchive(schedule.id, olga);
      await api.patched(schedule.id, { status: 'enabled', strategy: 'single-execution', start_time: '2091-01-01T00:00:00Z' }, olga);
      const notTriggered = await api.trigger(url);
      expect(notTriggered.statusCode).toBe(409);
      expect((await api.fetched(schedule.id, olga)).attributes.triggerUrl).toBeNull();
      expect(await scheduledExecutions(app, schedule.id)).toEqual([]);
    });
  });

  describe('on new data', () => {
    let server: http.Server;
    let root = '';
    const items = ['S2A_0001', 'S2A_0002', 'S2A_0003'];
    let broken = false;
    /** ticks each scheduler and waits for the polls they started */
    const tickAndPoll = async (...tickers: Scheduler[]) => {
      await Promise.all(tickers.map((ticker) => ticker.tick()));
      await Promise.all(tickers.map((ticker) => ticker.polled()));
    };

    /** A STAC API on loopback: a collection, its items two per page (newest first), self links. */
    function serve(request: http.IncomingMessage, response: http.ServerResponse): void {
      const url = new URL(request.url ?? '/', root);
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/geo+json' });
        response.end(JSON.stringify(body));
      };
      if (broken) return send(503, { description: 'down for maintenance' });
      if (url.pathname === '/collections/s2') {
        return send(200, { type: 'Collection', id: 's2', links: [{ rel: 'items', href: '/collections/s2/items', type: 'application/geo+json' }] });
      }
      if (url.pathname !== '/collections/s2/items') return send(404, { description: 'not found' });
      const page = Number(url.searchParams.get('page') ?? '1');
      const newest = [...items].reverse();
      const features = newest
        .slice((page - 1) * 2, page * 2)
        .map((id) => ({ type: 'Feature', id, links: [{ rel: 'self', href: `${root}/collections/s2/items/${id}` }] }));
      const links = page * 2 < newest.length ? [{ rel: 'next', href: `${root}/collections/s2/items?page=${page + 1}` }] : [];
      send(200, { type: 'FeatureCollection', features, links });
    }

    beforeAll(async () => {
      server = http.createServer(serve);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve));
    });

    it('records what exists at the first poll, then starts one execution per new item, never twice', async () => {
      const schedule = await api.created(payload({ strategy: 'on-new-data', data_url: `${root}/collections/s2` }), olga);
      const clock = new TestClock(new Date(Date.now() + 60_000).toISOString());
      const ticker = scheduler(clock);
      await tickAndPoll(ticker);
      expect(await scheduledExecutions(app, schedule.id)).toEqual([]);
      expect((await scheduleRow(app, schedule.id)).itemsRecorded).toBe(true);

      items.push('S2A_0004', 'S2A_0005');
      clock.advanceMinutes(5);
      await tickAndPoll(ticker);
      expect(await scheduledExecutions(app, schedule.id)).toEqual([]);
      clock.advanceMinutes(10);
      await tickAndPoll(ticker, scheduler(clock));
      const runs = await scheduledExecutions(app, schedule.id);
      const scenes = runs.map((run) => run.inputs[0]!.items.find((item) => item.identifier === 'scene')?.value);
      expect(scenes.sort()).toEqual([`${root}/collections/s2/items/S2A_0004`, `${root}/collections/s2/items/S2A_0005`]);
      expect(runs.every((run) => run.status === 'pending' && run.scheduledFor === null)).toBe(true);

      clock.advanceMinutes(15);
      await tickAndPoll(ticker);
      expect(await scheduledExecutions(app, schedule.id)).toHaveLength(2);
    });

    it('records a poll that fails and polls again next time', async () => {
      const schedule = await api.created(
        payload({ strategy: 'on-new-data', data_url: `${root}/collections/s2/items`, interval: 10, interval_period: 'minutes' }),
        olga,
      );
      const clock = new TestClock(new Date(Date.now() + 60_000).toISOString());
      const ticker = scheduler(clock);
      await tickAndPoll(ticker);
      broken = true;
      items.push('S2A_0006');
      clock.advanceMinutes(10);
      await tickAndPoll(ticker);
      expect((await scheduleRow(app, schedule.id)).lastError).toMatch(/data URL could not be read: .*HTTP 503/);
      broken = false;
      clock.advanceMinutes(10);
      await tickAndPoll(ticker);
      const runs = await scheduledExecutions(app, schedule.id);
      expect(runs.map((run) => run.inputs[0]!.items.find((item) => item.identifier === 'scene')?.value)).toEqual([`${root}/collections/s2/items/S2A_0006`]);
      expect((await scheduleRow(app, schedule.id)).lastError).toBeNull();
    });

    it('reads the data URL through the outbound-fetch guard: loopback is refused unless the operator allows it', async () => {
      const schedule = await api.created(payload({ strategy: 'on-new-data', data_url: `${root}/collections/s2/items` }), olga);
      const guarded = new OutboundFetch([]);
      try {
        const ticker = new Scheduler({ ...app.ctx, outbound: guarded }, { clock: new TestClock(new Date(Date.now() + 60_000).toISOString()) });
        await tickAndPoll(ticker);
      } finally {
        await guarded.close();
      }
      const row = await scheduleRow(app, schedule.id);
      expect(row.lastError).toBe(`The data URL could not be read: could not fetch ${root}/collections/s2/items`);
      expect(row.itemsRecorded).toBe(false);
    });

    it("polls in the background, at most two per owner: hanging data URLs hold back neither time-based schedules nor other users' polls", async () => {
      const knowledge = knowledgeApi(app);
      const hana = await knowledge.member('hana', { [lab]: 'developer' });
      const ute = await knowledge.member('ute', { [lab]: 'developer' });
      // a data URL that answers only when the test lets it (503, once released)
      const held: http.ServerResponse[] = [];
      let mostHeld = 0;
      let release = false;
      const hanging = http.createServer((_request, response) => {
        if (release) return response.writeHead(503).end();
        held.push(response);
        mostHeld = Math.max(mostHeld, held.filter((waiting) => !waiting.writableEnded).length);
      });
      await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
      const slow = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
      const answerHeld = () => {
        for (const response of held) if (!response.writableEnded) response.writeHead(503).end();
      };
      try {
        const slowOnes: ScheduleObject[] = [];
        for (let index = 0; index < 4; index++)
          slowOnes.push(await api.created(payload({ strategy: 'on-new-data', data_url: `${slow}/collections/slow-${index}/items` }), hana));
        const watch = await api.created(payload({ strategy: 'on-new-data', data_url: `${root}/collections/s2/items` }), ute);
        const nightly = await api.created(payload({ strategy: 'single-execution', start_time: new Date(Date.now() + 30_000).toISOString() }), ute);
        const clock = new TestClock(new Date(Date.now() + 60_000).toISOString());
        const ticker = scheduler(clock);

        await ticker.tick();
        // the time-based schedule has run by the time the tick returns, whatever hangs
        expect(await scheduledExecutions(app, nightly.id)).toHaveLength(1);
        // ute's poll ends while hana's two hang
        await vi.waitFor(async () => expect((await scheduleRow(app, watch.id)).itemsRecorded).toBe(true), { timeout: 20_000, interval: 50 });
        await vi.waitFor(() => expect(held).toHaveLength(2), { timeout: 20_000, interval: 50 });
        // hana has two in flight: her other schedules stay due, however often the scheduler ticks
        await ticker.tick();
        const waiting = await Promise.all(slowOnes.map((schedule) => scheduleRow(app, schedule.id)));
        expect(waiting.filter((row) => row.lastError === null)).toHaveLength(4);

        answerHeld();
        await ticker.polled();
        // the next tick polls the two that waited
        await ticker.tick();
        await vi.waitFor(() => expect(held).toHaveLength(4), { timeout: 20_000, interval: 50 });
        answerHeld();
        await ticker.polled();
        const rows = await Promise.all(slowOnes.map((schedule) => scheduleRow(app, schedule.id)));
        expect(rows.map((row) => row.lastError)).toEqual(
          slowOnes.map((_, index) => `The data URL could not be read: ${slow}/collections/slow-${index}/items answered HTTP 503`),
        );
        expect(mostHeld).toBe(2);
      } finally {
        release = true;
        answerHeld();
        await new Promise((resolve) => hanging.close(resolve));
      }
    });

    it('ends a poll whose data URL does not answer, after its time-out, and says so', async () => {
      const silent = http.createServer(() => {
        // never answers
      });
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/items`;
      try {
        const schedule = await api.created(payload({ strategy: 'on-new-data', data_url: url }), olga);
        await tickAndPoll(new Scheduler(app.ctx, { clock: new TestClock(new Date(Date.now() + 60_000).toISOString()), pageTimeoutMs: 300 }));
        expect((await scheduleRow(app, schedule.id)).lastError).toBe(`The data URL could not be read: ${url} did not answer within 0.3 s`);
      } finally {
        silent.closeAllConnections();
        await new Promise((resolve) => silent.close(resolve));
      }
    });

    it('refuses a workflow with no input to receive the items', async () => {
      await builderSeeds(app).releasedVersion('plain', '1', { inputs: [{ name: 'label', dataType: 'string', default: 'x' }], outputs: [] }, 'olga');
      const plain = await builderSeeds(app).workflow(
        'plain-flow',
        [{ nodes: [{ id: 'plain', kind: 'process', processVersion: 'plain:1', position: { x: 0, y: 0 }, inputs: {} }], edges: [] }],
        {
          ownerId: 'olga',
        },
      );
      const refused = await api.refused({ processor_id: plain, title: 'Watch', strategy: 'on-new-data', data_url: `${root}/collections/s2/items` }, olga);
      expect(refused['/data/attributes/processor_id']).toContain('no input to receive the new items');
    });
  });
});
