import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestStac } from '../src/modules/catalogue/ingest.js';
import { stacCollection, stacItem } from './helpers/catalogue.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Issue 30 §6: collection ids `.`, `..`, `../x`, `a/b` and 3 000 characters were accepted and
 * broke every link to them. Collections and items follow one rule (packages/contracts
 * stac-ids.ts) wherever they are written: STAC transactions, ingest, the collections resource.
 */
const BROKEN = ['.', '..', '../x', 'a/b', 'x'.repeat(3000)];
const RULE = 'letters, digits and - _ . : @ + only, not only dots, at most 256 characters';

describe('STAC ids', () => {
  let app: TestApp;
  let alice: Record<string, string>;
  let staff: Record<string, string>;
  let folder = '';

  beforeAll(async () => {
    app = await createTestApp();
    alice = await app.userWithHeader('alice@example.org');
    staff = await app.userWithHeader('ids-staff', { is_staff: true });
    folder = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-stac-ids-'));
  });
  afterAll(async () => {
    await app.close();
    await fs.rm(folder, { recursive: true, force: true });
  });

  const post = (url: string, payload: unknown, headers = alice) => app.server.inject({ method: 'POST', url, headers, payload: payload as object });
  const firstError = (body: string) => JSON.parse(body) as { errors: { detail: string; source?: { pointer?: string } }[] };

  it.each(BROKEN.map((id) => [id.length > 10 ? `of ${id.length} characters` : id, id]))(
    'refuses the collection id %s in a STAC transaction (400 at /id), and writes nothing',
    async (_, id) => {
      const answer = await post('/backend/catalogue/stac/collections', stacCollection(id));
      expect(answer.statusCode).toBe(400);
      expect(firstError(answer.body).errors[0]).toMatchObject({ source: { pointer: '/id' }, detail: expect.stringContaining(RULE) });
      const list = await app.server.inject({ url: '/backend/catalogue/stac/collections', headers: alice });
      expect(list.json<{ collections: { id: string }[] }>().collections.map((collection) => collection.id)).not.toContain(id);
    },
  );

  it('takes the ids users make, a username with @ included, and refuses broken item ids', async () => {
    for (const id of ['alice@example.org:published', 'sentinel-2.l2a_v1']) {
      expect((await post('/backend/catalogue/stac/collections', stacCollection(id))).statusCode, id).toBe(201);
    }
    for (const id of BROKEN) {
      const answer = await post('/backend/catalogue/stac/collections/sentinel-2.l2a_v1/items', stacItem(id));
      expect(answer.statusCode, id).toBe(400);
      expect(firstError(answer.body).errors[0]!.detail).toContain(RULE);
    }
    const batch = await post('/backend/catalogue/stac/collections/sentinel-2.l2a_v1/items', {
      type: 'FeatureCollection',
      features: [stacItem('fine'), stacItem('a/b')],
    });
    expect([batch.statusCode, firstError(batch.body).errors[0]!.source]).toEqual([400, { pointer: '/features/1/id' }]);
    // the whole batch or nothing
    expect((await app.server.inject({ url: '/backend/catalogue/stac/collections/sentinel-2.l2a_v1/items/fine', headers: alice })).statusCode).toBe(404);
  });

  it('refuses a broken id given to an ingest over HTTP (400) and skips a catalog’s collection and items of broken ids', async () => {
    const answer = await post('/resource-catalogue/ingest', { url: 'https://example.org/catalog.json', collection: '../x' }, staff);
    expect([answer.statusCode, firstError(answer.body).errors[0]!.source]).toEqual([400, { pointer: '/collection' }]);

    await fs.writeFile(path.join(folder, 'collection.json'), JSON.stringify({ ...stacCollection('..'), links: [{ rel: 'item', href: './item.json' }] }));
    await fs.writeFile(path.join(folder, 'item.json'), JSON.stringify({ ...stacItem('a/b'), collection: '..' }));
    const ownerId = (await app.ctx.users.findByUsername('ids-staff'))!.id;
    const report = await ingestStac(
      path.join(folder, 'collection.json'),
      { store: app.ctx.catalogue, outbound: app.ctx.outbound },
      { ownerId, isPublic: true },
    );
    expect(report).toMatchObject({ collections: 0, created: 0 });
    expect(report.invalid.flatMap((entry) => entry.reasons)).toEqual(
      expect.arrayContaining([expect.stringContaining(`is not an id the portal writes (${RULE})`)]),
    );
    const list = await app.server.inject({ url: '/backend/catalogue/stac/collections', headers: staff });
    expect(list.json<{ collections: { id: string }[] }>().collections.map((collection) => collection.id)).not.toContain('..');
  });

  it('refuses, rather than failing, an id PostgreSQL cannot hold (a NUL byte)', async () => {
    for (const url of [
      '/backend/catalogue/stac/collections/a%00b',
      '/backend/catalogue/stac/collections/a%00b/items/x',
      '/backend/v1/catalogue-collections/a%00b',
      '/backend/catalogue/stac/collections/a%00b/models/m/status',
    ]) {
      expect([400, 404], url).toContain((await app.server.inject({ url, headers: alice })).statusCode);
    }
  });
});
