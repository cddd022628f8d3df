import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StacItem } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { MarketplaceService } from '../src/modules/marketplace/marketplace.service.js';
import { datasetOrders } from '../src/modules/models/dataset-orders.schema.js';
import type { LiveEvent } from '../src/platform/live/event-bus.js';
import { createBucket, multipart, seedProcess, seedWorkspace } from './helpers/procimp.js';
import { startTwoReplicas, type TwoReplicas } from './helpers/replicas.js';
import { PASSWORD, type TestApp } from './helpers/test-app.js';

const MB = 1024 * 1024;
const DATASETS = ['one', 'two', 'three', 'four', 'five', 'six'];

const item = (id: string, properties: Record<string, unknown>, assets: StacItem['assets'] = {}): StacItem =>
  ({
    type: 'Feature',
    stac_version: '1.0.0',
    id,
    geometry: null,
    properties: { datetime: '2025-03-01T00:00:00Z', ...properties },
    assets,
    links: [],
  }) as StacItem;

/** Until `check` holds, asked every 20 ms; the limit only ends a stuck test. */
const until = (check: () => Promise<boolean> | boolean, what: string, limitMs = 60_000) =>
  vi.waitFor(
    async () => {
      if (!(await check())) throw new Error(`still waiting: ${what}`);
    },
    { timeout: limitMs, interval: 20 },
  );

/**
 * Two replicas of the portal on one database, one data directory and one Redis (issue 31 §4;
 * docs/operations.md "In-process state"): what one replica counts or checks, the other sees.
 * On PostgreSQL (the suite's second API pass) each has its own connection pool, as separate
 * processes have; on PGlite both share the one embedded database, as two servers of one process.
 */
describe('replicas share limits, throttling and announcements', () => {
  let replicas: TwoReplicas | undefined;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    replicas = await startTwoReplicas({
      uploads: { requestBytes: 3 * MB, filesPerRequest: 3, bucketBytes: 5 * MB },
      outboundAllow: ['127.0.0.0/8'],
      engine: { executor: 'local', localCpus: 1, sweepIntervalMs: 2000 },
    });
    ({ a, b } = replicas);
  });
  afterAll(async () => await replicas?.close());

  it('holds a bucket to its limit when two replicas receive uploads at once', async () => {
    const lab = await seedWorkspace(a, 'lab');
    const bucket = await createBucket(a, await seedProcess(a, { identifier: 'shared', label: 'Shared', workspaceIds: [lab] }));
    const upload = async (on: TestApp, name: string) => {
      const body = await multipart([{ name, content: Buffer.alloc(3 * MB) }], {});
      return on.server.inject({
        method: 'POST',
        url: `/procimp/process/buckets/${bucket}/files`,
        headers: { ...on.adminHeader, ...body.headers },
        payload: body.payload,
      });
    };
    // 3 MB each, 5 MB allowed: one fits, whichever replica checks first
    const answers = await Promise.all([upload(a, 'from-a.bin'), upload(b, 'from-b.bin')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 413]);
    expect(answers.find((answer) => answer.statusCode === 413)!.json<{ detail: string }>().detail).toBe(
      'A bucket may hold at most 5 MB: these files would bring it to 6 MB. Delete files first.',
    );
    for (const on of [a, b]) {
      const listed = await on.server.inject({ url: `/procimp/process/buckets/${bucket}/files`, headers: on.adminHeader });
      expect(listed.json<{ name: string }[]>().map((file) => file.name)).toHaveLength(1);
    }
  });

  it('throttles sign-in attempts counted on either replica', async () => {
    await a.userWithHeader('tess');
    const signIn = (on: TestApp, password: string) =>
      on.server.inject({ method: 'POST', url: '/usermgr/v1/token/', remoteAddress: '203.0.113.31', payload: { username: 'tess', password } });
    // the five free failures, spread over both replicas
    for (const [index, on] of [a, b, a, b, a].entries()) expect((await signIn(on, `wrong-${index}`)).statusCode).toBe(400);
    const locked = await signIn(b, PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json<{ detail: string }>().detail).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ seconds\.$/);
    expect((await signIn(a, PASSWORD)).statusCode).toBe(429);
  });

  describe('dataset orders', () => {
    // a server that sends each file's first bytes and holds the rest: the orders stay running
    const held: http.ServerResponse[] = [];
    const files = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': '8' });
      response.write('1234');
      held.push(response);
    });
    const order = (on: TestApp, id: string, headers: Record<string, string>) =>
      on.server.inject({ url: `/backend/catalogue/stac/collections/lab:training/datasets/${id}/order`, headers });
    const statuses = async (headers: Record<string, string>) =>
      (await b.server.inject({ url: '/backend/catalogue/stac/datasets/usage', headers }))
        .json<{ data: { status: string; catalogue_item_id: string }[] }>()
        .data.map((record) => [record.catalogue_item_id, record.status])
        .sort();
    /** Sends the rest of every held file: the copies waiting on them end. */
    const release = () => held.splice(0).forEach((response) => response.end('5678'));

    beforeAll(async () => {
      await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
      const origin = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
      const admin = (await a.ctx.users.findByUsername('admin'))!;
      await a.ctx.catalogue.upsertCollection({ type: 'Collection', id: 'lab:training', title: 'Training', description: 'Datasets', links: [] } as never, {
        ownerId: admin.id,
        isPublic: true,
      });
      await a.ctx.catalogue.upsertItems(
        'lab:training',
        DATASETS.map((id) => item(id, { type: 'dataset', title: `Dataset ${id}` }, { data: { href: `${origin}/${id}.bin`, roles: ['data'] } })),
      );
    });
    afterAll(async () => {
      for (const response of held) response.destroy();
      files.closeAllConnections();
      await new Promise((resolve) => files.close(resolve));
    });

    it('lets a user copy at most two at once, whichever replicas take them', async () => {
      const olga = await a.userWithHeader('olga');
      // six orders at once, three on each replica
      const answers = await Promise.all(DATASETS.map((id, index) => order(index % 2 === 0 ? a : b, id, olga)));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 409, 409, 409, 409]);
      for (const refused of answers.filter((answer) => answer.statusCode === 409))
        expect(refused.json<{ detail: string }>().detail).toBe('You have 2 orders being copied: wait for one to end.');
      // once their files arrive, both orders end well (neither replica took the other's for abandoned)
      await until(() => held.length === 2, 'both copies asking for their file');
      release();
      await until(async () => (await statuses(olga)).every(([, status]) => status !== 'running'), 'the orders to end');
      expect((await statuses(olga)).map(([, status]) => status)).toEqual(['success', 'success']);
    });

    // PGlite is one process's database: there a start fails every running order, as no other process can be copying one
    it.skipIf(!process.env.TEST_DATABASE_URL)('fails the order of a replica that died, and no live one, when a replica starts', async () => {
      const otto = await a.userWithHeader('otto');
      const answers = await Promise.all([order(a, 'one', otto), order(b, 'two', otto)]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      await until(() => held.length === 2, 'both copies asking for their file');
      // an order whose copier died 5 minutes ago: nobody renews it
      const ottoId = (await a.ctx.users.findByUsername('otto'))!.id;
      await a.ctx.db.insert(datasetOrders).values({
        ownerId: 'otto',
        ownerUserId: ottoId,
        collectionId: 'lab:training',
        itemId: 'three',
        title: 'Dataset three',
        version: '',
        publisher: 'lab',
        path: '/ordered_datasets/lab/three/2026-11-28T00-00-00-000Z',
        status: 'running',
        startedAt: new Date('2026-11-28T00:00:00Z'),
        heartbeatAt: sql`now() - interval '5 minutes'`,
      });
      const c = await a.replica();
      await c.close();
      expect(await statuses(otto)).toEqual([
        ['one', 'running'],
        ['three', 'failed'],
        ['two', 'running'],
      ]);
      release();
      await until(async () => (await statuses(otto)).every(([, status]) => status !== 'running'), 'the live orders to end');
      expect(await statuses(otto)).toEqual([
        ['one', 'success'],
        ['three', 'failed'],
        ['two', 'success'],
      ]);
    });
  });

  it('announces one forceUpdate for a change, however many replicas look for it at once', async () => {
    const events: LiveEvent[] = [];
    const unsubscribe = a.ctx.bus.subscribe((event) => events.push(event));
    // each replica's watcher, as the server runs it every 2 s; here they look at the same moment
    const watchers = [a, b, a, b].map((on) => new MarketplaceService(on.ctx, on.ctx.bus));
    const admin = (await a.ctx.users.findByUsername('admin'))!;
    await b.ctx.catalogue.upsertCollection({ type: 'Collection', id: 'lab:models', title: 'Models', description: 'Models', links: [] } as never, {
      ownerId: admin.id,
      isPublic: true,
    });
    try {
      // nothing listed changed yet (the collection has no published item): nothing to announce
      await Promise.all(watchers.map((watcher) => watcher.announce()));
      const before = events.filter((event) => event.type === 'forceUpdate').length;
      // an ingest on replica b: a write that announces nothing itself
      await b.ctx.catalogue.upsertItems('lab:models', [item('flood-net', { type: 'model', 'asb:published': true, title: 'Flood net' })]);
      const claims = await Promise.all(watchers.map((watcher) => watcher.announce()));
      // the servers' own watchers may have been first; never more than one look announces
      expect(claims.filter(Boolean).length).toBeLessThanOrEqual(1);
      await until(() => events.filter((event) => event.type === 'forceUpdate').length > before, 'the forceUpdate');
      // published after every announcement above: whatever arrives before it was sent before it
      await b.ctx.bus.publish({ type: 'replicas-test', audience: '*', payload: {} });
      await until(() => events.some((event) => event.type === 'replicas-test'), 'the marker event');
      expect(events.filter((event) => event.type === 'forceUpdate').slice(before)).toEqual([
        { type: 'forceUpdate', audience: '*', payload: { reason: 'catalogue' } },
      ]);
      // and both replicas list it
      for (const on of [a, b]) {
        const page = await on.server.inject({ url: '/backend/v1/catalogue-collections/published_resources', query: { query: 'flood' } });
        expect(page.json<{ data: { resources: { identifier: string }[] } }>().data.resources.map((resource) => resource.identifier)).toEqual(['flood-net']);
      }
    } finally {
      unsubscribe();
    }
  });
});
