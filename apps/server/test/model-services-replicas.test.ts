import type { ModelServiceInfo, StaffModelServiceItem } from '@asb/contracts';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelServiceNodes, modelServices } from '../src/db-schema.js';
import { serviceToken } from '../src/modules/models/services/service-token.js';
import { signingSecret } from '../src/platform/auth/signing-secret.js';
import { isAlive } from './helpers/host-processes.js';
import { DEMO_MODEL as DEMO, DEMO_MODELS, demoModelApp, FOUR_PIXEL_CLASSES, inferFourPixels, until } from './helpers/model-services.js';
import type { TestApp } from './helpers/test-app.js';

const STAC = '/backend/catalogue/stac';
const COPY = `${STAC}/collections/more-models/models/land-cover-copy`;
type Headers = { authorization: string };

/**
 * Model services on a cluster (issue 31 §3; docs/models.md "Across replicas"): two servers on one
 * PostgreSQL, each a node with its own gateway. PGlite is one process's database, so this runs in
 * the suite's PostgreSQL pass (scripts/test-all.sh sets TEST_DATABASE_URL).
 */
describe.runIf(process.env.TEST_DATABASE_URL)('model services across replicas', () => {
  let first: TestApp;
  let second: TestApp | undefined;
  let removeData: (() => void) | undefined;
  let dora: Headers;
  let oscar: Headers;
  let sam: Headers;
  const call = (app: TestApp, url: string, headers: Headers, method: 'GET' | 'POST' = 'GET') => app.server.inject({ method, url, headers });
  const status = async (app: TestApp, model: string, headers: Headers) => (await call(app, `${model}/status`, headers)).json<ModelServiceInfo>();
  const rowOf = async (info: ModelServiceInfo) =>
    (
      await first.ctx.db
        .select()
        .from(modelServices)
        .where(eq(modelServices.id, Number(info.model_proc_id!.slice('maas-'.length))))
    )[0]!;

  beforeAll(async () => {
    // one service per user and two in the whole portal; nodes beat every second (a node that closes says so at once)
    // and are dead after a minute of silence: a stall of this busy machine (of this process or of the database) longer
    // than 3 beats would make a live node look dead; the tests of dead nodes stop one or date its beat an hour back
    const modelServices = { max: 2, perUser: 1, listen: '127.0.0.1:0', address: undefined, heartbeatMs: 1000, deadAfterBeats: 60 };
    const started = await demoModelApp({ modelServices, engine: { localCpus: 1, sweepIntervalMs: 200 } });
    first = started.app;
    removeData = started.remove;
    // the second node has more CPUs: of two idle nodes, it gets the first service
    second = await first.replica({ engine: { ...first.ctx.config.engine, localCpus: 4 } });
    dora = await first.userWithHeader('dora');
    oscar = await first.userWithHeader('oscar');
    sam = await first.userWithHeader('sam', { is_staff: true });
    // a second model (the demo's ONNX file under another name), so that one user can want two services
    // as stored (the API answers its hrefs at the caller's origin)
    const demo = (await first.ctx.catalogue.readItem((await first.ctx.users.principal('admin'))!.principal, DEMO_MODELS, 'demo-land-cover'))!;
    const admin = await first.ctx.users.findByUsername('admin');
    await first.ctx.catalogue.upsertCollection(
      {
        type: 'Collection',
        id: 'more-models',
        stac_version: '1.0.0',
        description: 'Another model',
        license: 'CC0-1.0',
        extent: { spatial: { bbox: [[-180, -90, 180, 90]] }, temporal: { interval: [['2024-01-01T00:00:00Z', null]] } },
        links: [],
      },
      { ownerId: admin!.id, isPublic: true },
    );
    await first.ctx.catalogue.upsertItems('more-models', [
      {
        type: 'Feature',
        stac_version: '1.0.0',
        id: 'land-cover-copy',
        geometry: null,
        properties: { ...demo.properties, name: 'Land cover copy' },
        links: [],
        assets: demo.assets,
      },
    ]);
  }, 180_000);
  afterAll(async () => {
    await second?.close();
    await first?.close();
    removeData?.();
  });

  /** the live nodes: the first replica's (1 CPU) and the second's (4) */
  const nodes = async () => {
    const live = await first.ctx.db.select().from(modelServiceNodes).where(isNull(modelServiceNodes.stoppedAt));
    return { first: live.find((node) => node.cpus === 1)!, second: live.find((node) => node.cpus === 4)! };
  };

  it('answers inference through the replica that does not run it', { timeout: 120_000 }, async () => {
    const replica = second!;
    // asked of the second replica, run by its node: of two idle nodes, the one with more CPUs
    const started = await call(replica, `${DEMO}/start`, dora);
    expect(started.statusCode, started.body).toBe(200);
    const available = await until(
      () => status(first, DEMO, dora),
      (info) => info.status === 'available',
      'dora’s service',
    );
    expect((await rowOf(available)).nodeId).toBe((await nodes()).second.id);
    for (const app of [first, replica]) {
      const inferred = await inferFourPixels(app, available, dora);
      expect(inferred.statusCode, inferred.body).toBe(200);
      expect(inferred.json<{ outputs: { data: number[] }[] }>().outputs[0]!.data).toEqual(FOUR_PIXEL_CLASSES);
      // another user does not reach it on either replica
      expect((await inferFourPixels(app, available, oscar)).statusCode).toBe(404);
    }
  });

  it('places a start on the live node with the fewest services per CPU, whichever replica is asked', { timeout: 120_000 }, async () => {
    const { first: one, second: four } = await nodes();
    // a user of its own: the tests after count the others' services
    const nina = await first.userWithHeader('nina');
    // with dora's service on its 4 CPUs the second node is still the less loaded (2 per 4 CPUs against 1 per 1)
    const asked = await call(second!, `${COPY}/start`, nina);
    expect(asked.statusCode, asked.body).toBe(200);
    expect((await rowOf(asked.json<ModelServiceInfo>())).nodeId).toBe(four.id);
    expect((await call(first, `${COPY}/stop`, nina)).json<ModelServiceInfo>().status).toBe('undeployed');
    // as if it had 1 CPU: the first node (0 services) takes the next start, asked of the second replica, and runs it
    await first.ctx.db.update(modelServiceNodes).set({ cpus: 1 }).where(eq(modelServiceNodes.id, four.id));
    try {
      const placed = await call(second!, `${COPY}/start`, nina);
      expect(placed.statusCode, placed.body).toBe(200);
      expect((await rowOf(placed.json<ModelServiceInfo>())).nodeId).toBe(one.id);
      await until(
        () => status(second!, COPY, nina),
        (info) => info.status === 'available',
        'nina’s service on the first node',
      );
    } finally {
      await first.ctx.db.update(modelServiceNodes).set({ cpus: 4 }).where(eq(modelServiceNodes.id, four.id));
    }
    expect((await call(second!, `${COPY}/stop`, nina)).json<ModelServiceInfo>().status).toBe('undeployed');
  });

  it(
    'keeps one service per user and model, the per-user and the portal’s limits across replicas, even for starts at the same moment',
    { timeout: 120_000 },
    async () => {
      const replica = second!;
      const own = await call(first, `${COPY}/start`, dora);
      expect([own.statusCode, own.json<{ detail: string }>().detail]).toEqual([
        409,
        'You may run at most 1 model services at once: stop one on /resources first.',
      ]);
      // oscar asks on both replicas at once for one model twice and for another: one service
      const race = await Promise.all([call(first, `${DEMO}/start`, oscar), call(replica, `${DEMO}/start`, oscar), call(replica, `${COPY}/start`, oscar)]);
      const won = race.filter((answer) => answer.statusCode === 200);
      expect(race.every((answer) => [200, 409].includes(answer.statusCode))).toBe(true);
      expect(new Set(won.map((answer) => answer.json<ModelServiceInfo>().model_proc_id)).size).toBe(1);
      expect(won.length).toBeLessThan(3);
      for (const answer of won) expect(['creating', 'deploying', 'available']).toContain(answer.json<ModelServiceInfo>().status);
      expect(await first.ctx.db.select().from(modelServices).where(eq(modelServices.ownerId, 'oscar'))).toHaveLength(1);
      const portal = await call(replica, `${DEMO}/start`, sam);
      expect([portal.statusCode, portal.json<{ detail: string }>().detail]).toEqual([
        409,
        'This portal runs at most 2 model services at once: stop one (on /resources) and start again.',
      ]);
      for (const model of [DEMO, COPY]) expect((await call(replica, `${model}/stop`, oscar)).json<ModelServiceInfo>().status).toBe('undeployed');
    },
  );

  it('refuses a node gateway request without the current token of the service', async () => {
    const info = await status(first, DEMO, dora);
    const row = await rowOf(info);
    const [node] = await first.ctx.db.select().from(modelServiceNodes).where(eq(modelServiceNodes.id, row.nodeId!));
    const ready = `${node!.address}/maas/${row.id}/v2/health/ready`;
    const secret = await signingSecret(first.ctx.db, first.ctx.config.secretKey);
    expect((await fetch(ready)).status).toBe(401);
    expect((await fetch(ready, { headers: { 'x-asb-service-token': serviceToken(secret, row.id, row.generation - 1) } })).status).toBe(401);
    expect((await fetch(ready, { headers: { 'x-asb-service-token': serviceToken(secret, row.id, row.generation) } })).status).toBe(200);
  });

  it('starts the service of a node that dies again on the other, under the same URLs', { timeout: 120_000 }, async () => {
    const before = await status(first, DEMO, dora);
    const row = await rowOf(before);
    await second!.close();
    second = undefined;
    // one read of the row: its status from a read before the takeover (still 'available' on the stopped node) and its
    // generation from one after (taken over, 'creating') would pass for a service that runs again
    const again = await until(
      () => rowOf(before),
      (now) => now.status === 'available' && now.generation > row.generation,
      'dora’s service after its node died',
    );
    expect(again.nodeId).not.toBe(row.nodeId);
    const after = await status(first, DEMO, dora);
    expect(after.model_infer_url).toBe(before.model_infer_url);
    const inferred = await inferFourPixels(first, after, dora);
    expect(inferred.statusCode, inferred.body).toBe(200);
  });

  it('lets staff list and stop another user’s service, and no one else', { timeout: 60_000 }, async () => {
    const info = await status(first, DEMO, dora);
    const pid = (await rowOf(info)).pid!;
    expect((await call(first, `${STAC}/maas/services`, dora)).statusCode).toBe(403);
    const listed = (await call(first, `${STAC}/maas/services`, sam)).json<{ maas: StaffModelServiceItem[] }>().maas;
    expect(listed).toEqual([expect.objectContaining({ model_proc_id: info.model_proc_id, owner: 'dora', status: 'available' })]);
    const id = info.model_proc_id!.slice('maas-'.length);
    expect((await call(first, `${STAC}/maas/${id}/stop`, oscar, 'POST')).statusCode).toBe(403);
    expect((await call(first, `${STAC}/maas/99999/stop`, sam, 'POST')).statusCode).toBe(404);
    const stopped = await call(first, `${STAC}/maas/${id}/stop`, sam, 'POST');
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json<StaffModelServiceItem>()).toMatchObject({ owner: 'dora', status: 'undeployed', ended: expect.any(String) });
    expect((await status(first, DEMO, dora)).status).toBe('undeployed');
    expect((await inferFourPixels(first, info, dora)).statusCode).toBe(404);
    await until(
      async () => isAlive(pid),
      (alive) => !alive,
      'the stopped service’s process',
      20_000,
    );
  });

  it('takes over the service of a node that died without a word (its last beat an hour old)', { timeout: 120_000 }, async () => {
    const started = await call(first, `${DEMO}/start`, oscar);
    expect(started.statusCode, started.body).toBe(200);
    const before = await until(
      () => status(first, DEMO, oscar),
      (info) => info.status === 'available',
      'oscar’s service',
    );
    // as a killed server leaves it: its node row stops beating, its service row still names it
    await first.ctx.db
      .insert(modelServiceNodes)
      .values({ id: 'killed', address: 'http://127.0.0.1:9', hostname: 'gone', pid: 1, heartbeatAt: new Date(Date.now() - 3_600_000) });
    const row = await rowOf(before);
    await first.ctx.db.update(modelServices).set({ nodeId: 'killed' }).where(eq(modelServices.id, row.id));
    // one read of the row, as above: 'available' is what it said on the killed node too
    const again = await until(
      () => rowOf(before),
      (now) => now.status === 'available' && now.nodeId !== 'killed',
      'oscar’s service after its node was killed',
    );
    expect(again.generation).toBeGreaterThan(row.generation);
    const after = await status(first, DEMO, oscar);
    expect(after.model_infer_url).toBe(before.model_infer_url);
    expect((await inferFourPixels(first, after, oscar)).statusCode).toBe(200);
  });

  it('lets a replica without the engine start a service, which a node claims, and proxy to it', { timeout: 120_000 }, async () => {
    const api = await first.replica({ engine: { ...first.ctx.config.engine, enabled: false } });
    try {
      const started = await call(api, `${COPY}/start`, sam);
      expect(started.statusCode, started.body).toBe(200);
      expect(started.json<ModelServiceInfo>().status).toBe('creating');
      const info = await until(
        () => status(api, COPY, sam),
        (now) => now.status === 'available',
        'sam’s service',
      );
      const inferred = await inferFourPixels(api, info, sam);
      expect(inferred.statusCode, inferred.body).toBe(200);
    } finally {
      await api.close();
    }
  });
});
