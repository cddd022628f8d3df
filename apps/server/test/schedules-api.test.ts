import { EXECUTION_NOT_ALLOWED, MIN_INTERVAL_MESSAGE, type SchedulePayload } from '@asb/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflows } from '../src/db-schema.js';
import { builderSeeds, type ErrorBody } from './helpers/builder.js';
import { knowledgeApi, type Headers } from './helpers/knowledge-api.js';
import { SCAN_GRAPH, SCAN_INPUTS, schedulesApi, seedScanProcess, type ScheduleObject } from './helpers/schedules.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const FUTURE = '2091-06-01T06:00:00.000Z';

/**
 * builder/v1 schedules (docs/schedules.md "API"; spec 1 §3 Schedule payload, spec 3
 * Schedule and Schedules list): the payload and each strategy's rules at their
 * pointers, what is served, PATCH merging, who may see and change a schedule, archive.
 * olga (developer of lab) schedules a workflow shared with lab; uma is a plain user of
 * lab; nils belongs to no workspace.
 */
describe('schedules API', () => {
  let app: TestApp;
  let api: ReturnType<typeof schedulesApi>;
  let lab = '';
  let flow = '';
  const users = {} as Record<'olga' | 'uma' | 'nils', Headers>;

  const single = (overrides: Partial<SchedulePayload> = {}): Partial<SchedulePayload> => ({
    processor_id: flow,
    title: 'Nightly scan',
    strategy: 'single-execution',
    start_time: FUTURE,
    inputs: SCAN_INPUTS,
    ...overrides,
  });

  beforeAll(async () => {
    app = await createTestApp({ theme: 'eopen', engine: { localCpus: 1, sweepIntervalMs: 2000, enabled: false } });
    api = schedulesApi(app);
    const knowledge = knowledgeApi(app);
    lab = await knowledge.workspace('lab');
    users.olga = await knowledge.member('olga', { [lab]: 'developer' });
    users.uma = await knowledge.member('uma', { [lab]: 'user' });
    users.nils = await knowledge.member('nils');
    await seedScanProcess(app);
    flow = await builderSeeds(app).workflow('scan-flow', [SCAN_GRAPH], { workspaceIds: [lab], label: 'Scan flow' });
  });
  afterAll(async () => {
    await app.close();
  });

  describe('create', () => {
    it('takes the spec payload and serves every attribute of a schedule', async () => {
      const schedule = await api.created(single({ processor_version: 1 }), users.olga);
      expect(schedule.type).toBe('schedules');
      expect(schedule.attributes).toMatchObject({
        title: 'Nightly scan',
        label: 'Nightly scan',
        ownerId: 'olga',
        processorId: flow,
        processorIdentifier: 'scan-flow',
        processorLabel: 'Scan flow',
        processorVersion: 1,
        status: 'enabled',
        strategy: 'single-execution',
        startTime: FUTURE,
        endTime: null,
        interval: null,
        intervalPeriod: null,
        hour: null,
        minute: null,
        dayOfMonth: [],
        dataUrl: null,
        inputs: SCAN_INPUTS,
        nextRunAt: FUTURE,
        lastRunAt: null,
        executionCount: 0,
        triggerUrl: null,
        lastError: null,
        isArchived: false,
        permissions: { change: true, delete: true, share: true },
      });
      expect(schedule.attributes.identifier).toMatch(/^scan-flow-schedule-\d{14}-[0-9a-f]{4}$/);
      expect(schedule.attributes).not.toHaveProperty('triggerToken');
      expect(await api.fetched(schedule.id, users.olga)).toEqual(schedule);
    });

    it('takes it wrapped as JSON:API too, and a workflow named by its identifier', async () => {
      const response = await api.create({ data: { attributes: single({ processor_id: 'scan-flow', title: 'Wrapped' }) } }, users.olga);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<{ data: ScheduleObject }>().data.attributes).toMatchObject({ title: 'Wrapped', processorId: flow });
    });

    it('keeps a crontab schedule’s days as a sorted list and names its next run', async () => {
      const schedule = await api.created(single({ strategy: 'crontab-execution', start_time: FUTURE, hour: 6, minute: 30, day_of_month: '15,2' }), users.olga);
      expect(schedule.attributes).toMatchObject({ dayOfMonth: [2, 15], hour: 6, minute: 30, nextRunAt: '2091-06-02T06:30:00.000Z' });
    });

    it('starts disabled schedules without a next run', async () => {
      const schedule = await api.created(single({ status: 'disabled' }), users.olga);
      expect(schedule.attributes).toMatchObject({ status: 'disabled', nextRunAt: null });
    });
  });

  describe('validation (400 at /data/attributes/{field})', () => {
    it('asks each strategy for what it needs', async () => {
      expect(await api.refused(single({ start_time: null }), users.olga)).toEqual({ '/data/attributes/start_time': 'Give the time to run at.' });
      expect(Object.keys(await api.refused(single({ strategy: 'interval-execution', start_time: null }), users.olga)).sort()).toEqual([
        '/data/attributes/interval',
        '/data/attributes/interval_period',
        '/data/attributes/start_time',
      ]);
      expect(Object.keys(await api.refused(single({ strategy: 'crontab-execution' }), users.olga)).sort()).toEqual([
        '/data/attributes/day_of_month',
        '/data/attributes/hour',
        '/data/attributes/minute',
      ]);
      expect(await api.refused(single({ strategy: 'on-new-data' }), users.olga)).toEqual({
        '/data/attributes/data_url': 'Give the URL of the collection to watch.',
      });
      expect(await api.refused(single({ title: ' ' }), users.olga)).toEqual({ '/data/attributes/title': 'Give the schedule a title.' });
    });

    it('refuses an interval under 10 minutes', async () => {
      const refused = await api.refused(single({ strategy: 'interval-execution', interval: 9, interval_period: 'minutes' }), users.olga);
      expect(refused).toEqual({ '/data/attributes/interval': MIN_INTERVAL_MESSAGE });
      expect((await api.create(single({ strategy: 'interval-execution', interval: 10, interval_period: 'minutes' }), users.olga)).statusCode).toBe(201);
    });

    it('refuses bad dates and an end before the start', async () => {
      expect(Object.keys(await api.refused(single({ start_time: 'tomorrow' }), users.olga))).toEqual(['/data/attributes/start_time']);
      expect(Object.keys(await api.refused(single({ end_time: '2091-13-45T00:00:00Z' }), users.olga))).toEqual(['/data/attributes/end_time']);
      expect(await api.refused(single({ end_time: '2091-05-01T00:00:00Z' }), users.olga)).toEqual({
        '/data/attributes/end_time': 'The end time must come after the start time.',
      });
      expect(Object.keys(await api.refused(single({ day_of_month: [0, 32] }), users.olga))).toEqual(['/data/attributes/day_of_month']);
    });

    it('checks the inputs as an execution’s are: a schedule that could never run is refused', async () => {
      const refused = await api.refused(single({ inputs: { tasks: [{ task_id: 'scan', inputs: { label: '', threshold: '0.7' } }] } }), users.olga);
      expect(Object.keys(refused)).toEqual(['/data/attributes/inputs/scan/label']);
      expect(
        Object.keys(await api.refused(single({ inputs: { tasks: [{ task_id: 'nowhere', inputs: { x: '1' } }, ...SCAN_INPUTS.tasks] } }), users.olga)),
      ).toEqual(['/data/attributes/inputs/nowhere']);
      expect(Object.keys(await api.refused(single({ processor_version: 7 }), users.olga))).toEqual(['/data/attributes/processor_version']);
    });

    it('refuses an empty workflow', async () => {
      const empty = await builderSeeds(app).workflow('empty-flow', [], { ownerId: 'olga' });
      expect(Object.keys(await api.refused(single({ processor_id: empty }), users.olga))).toEqual(['/data/attributes/processor_id']);
    });
  });

  describe('PATCH', () => {
    it('merges a partial payload into the stored schedule and checks the whole', async () => {
      const schedule = await api.created(single({ strategy: 'interval-execution', interval: 1, interval_period: 'hours' }), users.olga);
      const renamed = await api.patched(schedule.id, { title: 'Hourly scan' }, users.olga);
      expect(renamed.attributes).toMatchObject({
        title: 'Hourly scan',
        strategy: 'interval-execution',
        interval: 1,
        intervalPeriod: 'hours',
        inputs: SCAN_INPUTS,
        status: 'enabled',
      });
      expect(await api.refused({ interval: 9, interval_period: 'minutes' }, users.olga, 'PATCH', schedule.id)).toEqual({
        '/data/attributes/interval': MIN_INTERVAL_MESSAGE,
      });
      expect(await api.refused({ strategy: 'crontab-execution' }, users.olga, 'PATCH', schedule.id)).toMatchObject({
        '/data/attributes/hour': 'Give the hour.',
      });
      const wrapped = await api.patched(schedule.id, { data: { type: 'schedules', id: schedule.id, attributes: { interval: 2 } } }, users.olga);
      expect(wrapped.attributes).toMatchObject({ title: 'Hourly scan', interval: 2 });
    });

    it('lets a schedule whose workflow was archived be disabled and renamed, not enabled', async () => {
      const archivable = await builderSeeds(app).workflow('archivable-flow', [SCAN_GRAPH], { ownerId: 'olga' });
      const schedule = await api.created(single({ processor_id: archivable }), users.olga);
      await app.ctx.db
        .update(workflows)
        .set({ isArchived: true })
        .where(eq(workflows.id, Number(archivable)));
      expect((await api.patched(schedule.id, { status: 'disabled', title: 'Kept for later' }, users.olga)).attributes).toMatchObject({
        status: 'disabled',
        title: 'Kept for later',
      });
      expect((await api.patch(schedule.id, { status: 'enabled' }, users.olga)).statusCode).toBe(403);
      expect((await api.patch(schedule.id, { inputs: SCAN_INPUTS }, users.olga)).statusCode).toBe(403);
    });

    it('clears the next run when disabled and sets it again when enabled', async () => {
      const schedule = await api.created(single(), users.olga);
      expect((await api.patched(schedule.id, { status: 'disabled' }, users.olga)).attributes).toMatchObject({ status: 'disabled', nextRunAt: null });
      expect((await api.patched(schedule.id, { status: 'enabled', start_time: '2091-07-01T00:00:00Z' }, users.olga)).attributes).toMatchObject({
        status: 'enabled',
        nextRunAt: '2091-07-01T00:00:00.000Z',
      });
    });
  });

  describe('permissions', () => {
    let schedule: ScheduleObject;
    beforeAll(async () => {
      schedule = await api.created(single({ title: 'Shared scan' }), users.olga);
    });

    it('is seen by its owner and superusers only until shared', async () => {
      expect((await api.list('', users.olga)).map((item) => item.id)).toContain(schedule.id);
      expect((await api.list('', app.adminHeader)).map((item) => item.id)).toContain(schedule.id);
      for (const other of [users.uma, users.nils]) {
        expect((await api.list('', other)).map((item) => item.id)).not.toContain(schedule.id);
        expect((await api.get(schedule.id, other)).statusCode).toBe(403);
      }
      expect((await api.get('424242')).statusCode).toBe(404);
      expect((await api.get(schedule.id, {})).statusCode).toBe(401);
    });

    it('cannot be changed, archived, shared or deleted by a stranger', async () => {
      expect((await api.patch(schedule.id, { title: 'Mine now' }, users.nils)).statusCode).toBe(403);
      expect((await api.archive(schedule.id, users.nils)).statusCode).toBe(403);
      expect((await api.share(schedule.id, [lab], users.nils)).statusCode).toBe(403);
      expect((await api.delete(schedule.id, users.nils)).statusCode).toBe(403);
      expect((await api.fetched(schedule.id, users.olga)).attributes).toMatchObject({ title: 'Shared scan', status: 'enabled', isArchived: false });
    });

    it('is seen, not changed, by a user of the workspace it is shared with', async () => {
      const response = await api.share(schedule.id, [lab], users.olga);
      expect(response.statusCode, response.body).toBe(200);
      expect((await api.list('', users.uma)).map((item) => item.id)).toContain(schedule.id);
      const seen = await api.fetched(schedule.id, users.uma);
      expect(seen.attributes).toMatchObject({ workspaces: { [lab]: 'lab' }, permissions: { change: false, delete: false, share: false } });
      expect((await api.patch(schedule.id, { title: 'Changed' }, users.uma)).statusCode).toBe(403);
      expect((await api.list(`filter[workspaces.identifier]=lab`, users.uma)).map((item) => item.id)).toContain(schedule.id);
    });

    it('cannot schedule a workflow one may not execute', async () => {
      const privateFlow = await builderSeeds(app).workflow('private-flow', [SCAN_GRAPH]);
      const archivedFlow = await builderSeeds(app).workflow('archived-flow', [SCAN_GRAPH], { workspaceIds: [lab], isArchived: true });
      for (const processorId of [privateFlow, archivedFlow]) {
        const response = await api.create(single({ processor_id: processorId }), users.olga);
        expect(response.statusCode, response.body).toBe(403);
        expect(response.json<ErrorBody>().detail).toBe(EXECUTION_NOT_ALLOWED);
      }
      expect((await api.create(single({ processor_id: '987654' }), users.olga)).statusCode).toBe(404);
      // nor move one's schedule onto such a workflow
      expect((await api.patch(schedule.id, { processor_id: privateFlow }, users.olga)).statusCode).toBe(403);
    });
  });

  describe('list', () => {
    it('filters by status, strategy, workflow, search and archived, and sorts', async () => {
      const owner = users.olga;
      const crontab = await api.created(single({ title: 'Monthly zebra', strategy: 'crontab-execution', hour: 1, minute: 0, day_of_month: [1] }), owner);
      const off = await api.created(single({ title: 'Paused yak', status: 'disabled' }), owner);
      const ids = (items: ScheduleObject[]) => items.map((item) => item.id);
      expect(ids(await api.list('filter[strategy]=crontab-execution', owner))).toContain(crontab.id);
      expect(ids(await api.list('filter[strategy]=crontab-execution', owner))).not.toContain(off.id);
      expect(ids(await api.list('filter[status]=disabled', owner))).toEqual(expect.arrayContaining([off.id]));
      expect(ids(await api.list('filter[status]=disabled', owner))).not.toContain(crontab.id);
      expect(ids(await api.list('filter[search]=zebra', owner))).toEqual([crontab.id]);
      expect(ids(await api.list(`filter[search]=${crontab.attributes.identifier}`, owner))).toEqual([crontab.id]);
      expect(ids(await api.list(`filter[processorId]=${flow}&filter[search]=yak`, owner))).toEqual([off.id]);
      expect((await api.send('GET', `${api.base}?filter[status]=sleeping`, owner)).statusCode).toBe(400);
      const sorted = await api.list('sort=title&page[size]=100', owner);
      const titles = sorted.map((item) => item.attributes.title);
      expect(titles).toEqual([...titles].sort());
      await api.archive(off.id, owner);
      expect(ids(await api.list('filter[isArchived]=true', owner))).toEqual([off.id]);
      expect(ids(await api.list('filter[isArchived]=false', owner))).not.toContain(off.id);
    });
  });

  it('is described in the OpenAPI document', async () => {
    const document = (await app.server.inject({ url: '/api/openapi.json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/builder/v1/schedules',
        '/builder/v1/schedules/{id}',
        '/builder/v1/schedules/{id}/archive',
        '/builder/v1/schedules/{id}/trigger/{token}',
      ]),
    );
  });

  describe('archive and delete', () => {
    it('archiving disables a schedule, and it stays disabled when unarchived', async () => {
      const schedule = await api.created(single({ title: 'To archive' }), users.olga);
      const archived = await api.archive(schedule.id, users.olga);
      expect(archived.statusCode, archived.body).toBe(200);
      expect(archived.json<{ data: ScheduleObject }>().data.attributes).toMatchObject({ isArchived: true, status: 'disabled', nextRunAt: null });
      expect((await api.patch(schedule.id, { status: 'enabled' }, users.olga)).statusCode).toBe(400);
      const unarchived = await api.unarchive(schedule.id, users.olga);
      expect(unarchived.json<{ data: ScheduleObject }>().data.attributes).toMatchObject({ isArchived: false, status: 'disabled', nextRunAt: null });
      expect((await api.patched(schedule.id, { status: 'enabled' }, users.olga)).attributes).toMatchObject({ status: 'enabled', nextRunAt: FUTURE });
    });

    it('deletes a schedule for its owner', async () => {
      const schedule = await api.created(single({ title: 'To delete' }), users.olga);
      expect((await api.delete(schedule.id, users.olga)).statusCode).toBe(204);
      expect((await api.get(schedule.id, users.olga)).statusCode).toBe(404);
    });
  });
});
