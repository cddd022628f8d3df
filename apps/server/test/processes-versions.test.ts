import { eq } from 'drizzle-orm';
import type { ProcessBucketAttributes, ProcessVersionAttributes } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHIVED_PROCESS_TEXT } from '../src/modules/knowledge/process-access.js';
import { processBuckets } from '../src/db-schema.js';
import { knowledgeApi, type Headers, type JsonApiObject } from './helpers/knowledge-api.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

type Bucket = JsonApiObject<ProcessBucketAttributes>;

/**
 * Unreleased versions (process-buckets) and released versions (process-versions):
 * numbering, resources, filters, and permissions inherited from the process
 * (processAccess semantics; docs/permissions.md).
 */
describe('process buckets and versions', () => {
  let app: TestApp;
  let api: ReturnType<typeof knowledgeApi>;
  let lab = '';
  let ndvi = '';
  const users = {} as Record<'uma' | 'otto' | 'dora' | 'nils', Headers>;
  const buckets = '/knowledge/v1/process-buckets';
  const versions = '/knowledge/v1/process-versions';

  const newBucket = async (processId: string, headers: Headers = app.adminHeader): Promise<Bucket> => {
    const response = await api.createBucket(processId, headers);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: Bucket }>().data;
  };
  const values = async (query: string, headers?: Headers) => (await api.list<{ value: string }>(query, headers)).data.map((row) => row.attributes.value);
  const setResources = (id: string, resources: object, headers: Headers = app.adminHeader) =>
    api.patch(`${buckets}/${id}`, 'process-buckets', { resources }, headers);

  beforeAll(async () => {
    app = await createTestApp();
    api = knowledgeApi(app);
    lab = await api.workspace('lab');
    users.uma = await api.member('uma', { [lab]: 'user' });
    users.otto = await api.member('otto', { [lab]: 'operator' });
    users.dora = await api.member('dora', { [lab]: 'developer' });
    users.nils = await api.member('nils');
    ndvi = await api.processId({ label: 'NDVI' }, app.adminHeader, [lab]);
  });
  afterAll(async () => {
    await app.close();
  });

  describe('new unreleased version', () => {
    it('numbers from 1, named after the process, owned by its creator, with default resources', async () => {
      const bucket = await newBucket(ndvi, users.otto);
      expect(bucket).toMatchObject({
        type: 'process-buckets',
        attributes: {
          identifier: 'ndvi:1',
          label: 'NDVI',
          value: '1',
          released: false,
          ownerId: 'otto',
          processId: ndvi,
          processIdentifier: 'ndvi',
          processLabel: 'NDVI',
          versionId: null,
          buildStatus: 'not_started',
          buildKind: null,
          resources: { cpus: 1, ramMb: 1024, diskMb: 1024, gpus: 0 },
          workspaces: { [lab]: 'lab' },
          permissions: { change: true, delete: false, share: false },
        },
        relationships: { process: { data: { type: 'processes', id: ndvi } } },
      });
    });

    it('takes the next integer after the highest bucket or released version', async () => {
      await api.releasedVersion({ id: ndvi, identifier: 'ndvi' }, '7');
      expect((await newBucket(ndvi)).attributes.value).toBe('8');
      const other = await api.processId({ label: 'Other' });
      expect((await newBucket(other)).attributes.identifier).toBe('other:1');
    });

    it('gives simultaneous requests distinct values', async () => {
      const process = await api.processId({ label: 'Busy' });
      const created = await Promise.all([1, 2, 3].map(() => api.createBucket(process)));
      expect(created.map((r) => r.statusCode)).toEqual([201, 201, 201]);
      expect(created.map((r) => r.json<{ data: Bucket }>().data.attributes.value).sort()).toEqual(['1', '2', '3']);
    });

    it('needs change on the process: 403 for a user role and strangers, 401 signed out', async () => {
      expect((await api.createBucket(ndvi, users.uma)).statusCode).toBe(403);
      expect((await api.createBucket(ndvi, users.nils)).statusCode).toBe(403);
      expect((await api.createBucket(ndvi, {})).statusCode).toBe(401);
      expect((await api.createBucket('999999')).statusCode).toBe(404);
    });

    it('needs relationships.process', async () => {
      const response = await api.send('POST', buckets, app.adminHeader, { data: { type: 'process-buckets', attributes: {} } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ detail: "A bucket needs relationships.process.data {type: 'processes', id}." });
    });
  });

  describe('resources', () => {
    it('change to spec options, in MB, keeping the others', async () => {
      const bucket = await newBucket(ndvi);
      const response = await setResources(bucket.id, { cpus: 4, ramMb: 7 * 1024 }, users.otto);
      expect(response.json()).toMatchObject({ data: { attributes: { resources: { cpus: 4, ramMb: 7168, diskMb: 1024, gpus: 0 } } } });
    });

    it('refuse values outside the options, with a pointer, but keep a stored one sent back unchanged', async () => {
      const bucket = await newBucket(ndvi);
      const refused = await setResources(bucket.id, { ramMb: 3000 });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        errors: [{ detail: 'RAM must be one of 1024, 2048, 4096, 7168, 15360 MB.', source: { pointer: '/data/attributes/resources' } }],
      });
      expect((await setResources(bucket.id, { gpus: 3 })).statusCode).toBe(400);
      expect((await setResources(bucket.id, { cpus: -1 })).statusCode).toBe(400);

      await app.ctx.db
        .update(processBuckets)
        .set({ resources: { cpus: 3, ramMb: 1024, diskMb: 1024, gpus: 0 } })
        .where(eq(processBuckets.id, Number(bucket.id)));
      const kept = await setResources(bucket.id, { cpus: 3, ramMb: 1024, diskMb: 10240, gpus: 1 });
      expect(kept.json()).toMatchObject({ data: { attributes: { resources: { cpus: 3, diskMb: 10240, gpus: 1 } } } });
    });

    it('are read-only for a user role and once released', async () => {
      const bucket = await newBucket(ndvi);
      expect((await setResources(bucket.id, { cpus: 2 }, users.uma)).statusCode).toBe(403);
      await app.ctx.db
        .update(processBuckets)
        .set({ released: true })
        .where(eq(processBuckets.id, Number(bucket.id)));
      const refused = await setResources(bucket.id, { cpus: 2 });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ detail: `Bucket #${bucket.id} is released: it is read-only.` });
      const shown = await api.send('GET', `${buckets}/${bucket.id}`);
      expect(shown.json()).toMatchObject({ data: { attributes: { released: true, permissions: { change: false, delete: false } } } });
    });
  });

  describe('an archived process', () => {
    let archived = '';
    let bucket = '';
    beforeAll(async () => {
      archived = await api.processId({ label: 'Frozen' }, app.adminHeader, [lab]);
      bucket = (await newBucket(archived)).id;
      await api.releasedVersion({ id: archived, identifier: 'frozen' }, '1');
      await api.send('PATCH', `/knowledge/v1/processes/${archived}/archive`);
    });

    it('refuses new versions and resource changes with the spec text', async () => {
      for (const response of [
        await api.createBucket(archived),
        await setResources(bucket, { cpus: 2 }),
        await api.send('PATCH', `${buckets}/${bucket}/archive`),
      ]) {
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ detail: ARCHIVED_PROCESS_TEXT });
      }
    });

    it('keeps its versions readable, with no permissions', async () => {
      const doc = await api.list<ProcessVersionAttributes>(`${versions}?filter[process.id]=${archived}`, users.uma);
      expect(doc.data.map((v) => v.attributes.identifier)).toEqual(['frozen:1']);
      const shown = await api.send('GET', `${buckets}/${bucket}`, users.otto);
      expect(shown.json()).toMatchObject({ data: { attributes: { permissions: { change: false, delete: false, share: false } } } });
    });

    it('answers 403, not the archive text, to those who may not even view it', async () => {
      const hidden = await api.processId({ label: 'Hidden frozen' });
      await api.send('PATCH', `/knowledge/v1/processes/${hidden}/archive`);
      expect((await api.createBucket(hidden, users.nils)).statusCode).toBe(403);
    });
  });

  describe('filters and sort', () => {
    let process = '';
    beforeAll(async () => {
      process = await api.processId({ label: 'Filtered' });
      for (let n = 0; n < 3; n++) await newBucket(process);
      await app.ctx.db.update(processBuckets).set({ released: true }).where(eq(processBuckets.identifier, 'filtered:1'));
      for (const value of ['1', '2', '10']) await api.releasedVersion({ id: process, identifier: 'filtered' }, value);
    });

    it('select buckets by process id, identifier and released state, newest first', async () => {
      expect(await values(`${buckets}?filter[process.id]=${process}`)).toEqual(['3', '2', '1']);
      expect(await values(`${buckets}?filter[process__identifier]=filtered&filter[released]=false`)).toEqual(['3', '2']);
      expect(await values(`${buckets}?filter[processIdentifier]=filtered&filter[released]=true`)).toEqual(['1']);
      expect((await api.send('GET', `${buckets}?filter[released]=maybe`)).statusCode).toBe(400);
      expect((await api.send('GET', `${buckets}?filter[process.id]=abc`)).statusCode).toBe(400);
    });

    it('sort version values as numbers', async () => {
      expect(await values(`${versions}?filter[process__identifier]=filtered`)).toEqual(['10', '2', '1']);
      expect(await values(`${versions}?filter[process.id]=${process}&sort=value`)).toEqual(['1', '2', '10']);
      expect(await values(`${versions}?filter[process.id]=${process}&filter[released]=true&sort=-createdAt`)).toHaveLength(3);
    });

    it('show a workspace member the versions of the processes shared with them, nothing else', async () => {
      expect(await values(`${versions}?filter[process.id]=${process}`, users.uma)).toEqual([]);
      // NDVI and the archived Frozen are shared with lab; Filtered is not.
      expect(await values(`${versions}`, users.uma)).toEqual(['7', '1']);
      expect(await values(`${versions}?filter[workspaces.identifier]=lab`)).toEqual(['7', '1']);
      expect(await values(`${versions}?filter[inWorkspace]=true`, users.uma)).toEqual(['7', '1']);
      expect((await api.send('GET', `${buckets}?filter[process.id]=${process}`, users.nils)).json()).toMatchObject({ meta: { pagination: { count: 0 } } });
    });
  });

  describe('released versions', () => {
    let version = '';
    beforeAll(async () => {
      version = (await api.list<ProcessVersionAttributes>(`${versions}?filter[process.id]=${ndvi}`)).data[0]!.id;
    });

    it('carry the process, signature, dependencies and manifest', async () => {
      const shown = await api.send('GET', `${versions}/${version}`, users.uma);
      expect(shown.json()).toMatchObject({
        data: {
          attributes: {
            identifier: 'ndvi:7',
            value: '7',
            released: true,
            processId: ndvi,
            processIdentifier: 'ndvi',
            processLabel: 'NDVI',
            processOwnerId: 'admin',
            bucketId: null,
            dependencies: ['numpy'],
            signature: { inputs: [{ name: 'area', dataType: 'bbox' }] },
            manifest: [{ path: 'process_wrapper.py' }],
            permissions: { change: false, delete: false, share: false },
          },
          relationships: { process: { data: { type: 'processes', id: ndvi } } },
        },
      });
    });

    it('are created by the release only, never changed or deleted through the API', async () => {
      const created = await api.send('POST', versions, app.adminHeader, { data: { type: 'process-versions', attributes: { value: '9' } } });
      expect(created.statusCode).toBe(405);
      expect(created.json()).toMatchObject({ detail: 'Process versions are created by Build & Release of an unreleased version (process-buckets).' });
      expect((await api.patch(`${versions}/${version}`, 'process-versions', { value: '9' })).statusCode).toBe(405);
      expect((await api.send('DELETE', `${versions}/${version}`)).statusCode).toBe(405);
    });

    it('are archived and unarchived by an operator, not by a user role', async () => {
      expect((await api.send('PATCH', `${versions}/${version}/archive`, users.uma)).statusCode).toBe(403);
      const archived = await api.send('PATCH', `${versions}/${version}/archive`, users.otto);
      expect(archived.json()).toMatchObject({ data: { attributes: { isArchived: true, permissions: { change: true, delete: false } } } });
      expect(await values(`${versions}?filter[process.id]=${ndvi}&filter[isArchived]=false`)).toEqual([]);
      expect((await api.send('PATCH', `${versions}/${version}/unarchive`, users.otto)).statusCode).toBe(200);
    });

    it('are never shared on their own', async () => {
      const response = await api.send('PATCH', `${versions}/${version}`, app.adminHeader, {
        data: { type: 'process-versions', id: version, relationships: { workspaces: { data: [{ type: 'workspaces', id: lab }] } } },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ detail: 'A process version cannot be shared: it follows the workspaces of its process.' });
    });
  });

  describe('deleting an unreleased version', () => {
    it('needs delete on the process: an operator cannot, a developer can', async () => {
      const bucket = await newBucket(ndvi);
      expect((await api.send('DELETE', `${buckets}/${bucket.id}`, users.otto)).statusCode).toBe(403);
      expect((await api.send('DELETE', `${buckets}/${bucket.id}`, users.dora)).statusCode).toBe(204);
      expect((await api.send('GET', `${buckets}/${bucket.id}`)).statusCode).toBe(404);
    });

    it('a user role sees buckets but may not archive them; 403 to strangers', async () => {
      const bucket = await newBucket(ndvi);
      expect((await api.send('GET', `${buckets}/${bucket.id}`, users.uma)).statusCode).toBe(200);
      expect((await api.send('PATCH', `${buckets}/${bucket.id}/archive`, users.uma)).statusCode).toBe(403);
      expect((await api.send('GET', `${buckets}/${bucket.id}`, users.nils)).statusCode).toBe(403);
      expect((await api.send('GET', `${buckets}/${bucket.id}`, {})).statusCode).toBe(401);
    });
  });
});
