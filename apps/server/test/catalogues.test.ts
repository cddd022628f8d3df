import { DEFAULT_DATA_TYPE_INDEX, type DataTypeAttributes, type SoftwareDependencyAttributes } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogues } from '../src/modules/knowledge/seed.js';
import { knowledgeApi, type Headers } from './helpers/knowledge-api.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * data-types and software-dependencies: instance-wide catalogues seeded at start,
 * readable by every signed-in user, curated by staff (docs/seed-data.md).
 */
describe('knowledge data types and software dependencies', () => {
  let app: TestApp;
  let api: ReturnType<typeof knowledgeApi>;
  let user: Headers;
  let staff: Headers;
  const dataTypes = '/knowledge/v1/data-types';
  const dependencies = '/knowledge/v1/software-dependencies';
  const create = (url: string, type: string, attributes: object, headers: Headers = staff) => api.send('POST', url, headers, { data: { type, attributes } });

  beforeAll(async () => {
    app = await createTestApp();
    api = knowledgeApi(app);
    user = await api.member('uma');
    staff = await app.userWithHeader('sven', { is_staff: true });
  });
  afterAll(async () => {
    await app.close();
  });

  describe('seeded at start', () => {
    it('lists the data types in id order with string at the generator default index 45', async () => {
      const doc = await api.list<DataTypeAttributes>(`${dataTypes}?page[size]=100`, user);
      expect(doc.data.length).toBeGreaterThanOrEqual(46);
      expect(doc.data[DEFAULT_DATA_TYPE_INDEX]!.attributes).toMatchObject({ identifier: 'string', label: 'String', ownerId: 'system' });
      const ids = doc.data.map((row) => Number(row.id));
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      const identifiers = doc.data.map((row) => row.attributes.identifier);
      for (const wanted of [
        'integer',
        'float',
        'boolean',
        'date',
        'datetime',
        'date-range',
        'bbox',
        'geometry-wkt',
        'url',
        'file',
        'geotiff',
        'cog',
        'netcdf',
        'sentinel-2-product',
        'stac-item',
        'password',
      ]) {
        expect(identifiers).toContain(wanted);
      }
      expect(doc.data[0]!.attributes.permissions).toEqual({ change: false, delete: false, share: false });
    });

    it('lists main software dependencies with their requirements and install tokens', async () => {
      const doc = await api.list<SoftwareDependencyAttributes>(`${dependencies}?filter[isMain]=true&page[size]=100`, user);
      const byIdentifier = Object.fromEntries(doc.data.map((row) => [row.attributes.identifier, row.attributes]));
      expect(byIdentifier.python3).toMatchObject({ label: 'Python 3 standard library', isMain: true, requirements: [], install: '' });
      expect(byIdentifier.gdal).toMatchObject({ label: 'GDAL (Python bindings)', requirements: ['numpy'] });
      expect(byIdentifier.rasterio).toMatchObject({ requirements: ['numpy', 'gdal'], install: 'pip:rasterio' });
      expect(byIdentifier.xarray).toMatchObject({ requirements: ['numpy', 'pandas'] });
      expect(Object.keys(byIdentifier)).toEqual(expect.arrayContaining(['scikit-learn', 'pytorch', 'snap']));
      const plain = await api.list<SoftwareDependencyAttributes>(`${dependencies}?filter[isMain]=false&filter[identifier]=numpy`, user);
      expect(plain.data[0]!.attributes).toMatchObject({ isMain: false, install: 'pip:numpy' });
    });

    it('seeds again without duplicates or errors, also when two starts race', async () => {
      const before = (await api.list(`${dataTypes}?page[size]=1`)).meta.pagination.count;
      await Promise.all([seedCatalogues(app.ctx.db), seedCatalogues(app.ctx.db)]);
      expect((await api.list(`${dataTypes}?page[size]=1`)).meta.pagination.count).toBe(before);
    });

    it('answers 401 when signed out', async () => {
      expect((await api.send('GET', dataTypes, {})).statusCode).toBe(401);
      expect((await api.send('GET', dependencies, {})).statusCode).toBe(401);
    });
  });

  describe('staff curate', () => {
    it('creates a data type with a derived identifier; users may not', async () => {
      expect((await create(dataTypes, 'data-types', { label: 'Sentinel-6 product' }, user)).statusCode).toBe(403);
      const response = await create(dataTypes, 'data-types', { label: 'Sentinel-6 product', description: 'altimetry' });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({
        data: { attributes: { identifier: 'sentinel-6-product', ownerId: 'sven', permissions: { change: true, delete: true, share: false } } },
      });
      const duplicate = await create(dataTypes, 'data-types', { identifier: 'string', label: 'Text again' });
      expect(duplicate.json()).toMatchObject({
        errors: [{ detail: 'A data type with this identifier already exists.', source: { pointer: '/data/attributes/identifier' } }],
      });
    });

    it('changes, archives and deletes as staff only', async () => {
      const id = (await api.list(`${dataTypes}?filter[identifier]=sentinel-6-product`)).data[0]!.id;
      expect((await api.patch(`${dataTypes}/${id}`, 'data-types', { label: 'S6' }, user)).statusCode).toBe(403);
      expect((await api.send('PATCH', `${dataTypes}/${id}/archive`, user)).statusCode).toBe(403);
      expect((await api.send('DELETE', `${dataTypes}/${id}`, user)).statusCode).toBe(403);
      expect((await api.patch(`${dataTypes}/${id}`, 'data-types', { label: 'S6' }, staff)).json()).toMatchObject({ data: { attributes: { label: 'S6' } } });
      expect((await api.send('DELETE', `${dataTypes}/${id}`, app.adminHeader)).statusCode).toBe(204);
    });

    it('refuses to share a catalogue entry', async () => {
      const response = await api.send('POST', dataTypes, staff, {
        data: { type: 'data-types', attributes: { label: 'Shared' }, relationships: { workspaces: { data: [{ type: 'workspaces', id: '1' }] } } },
      });
      expect(response.statusCode).toBe(400);
    });

    it('checks the requirements and install tokens of a software dependency', async () => {
      const unknown = await create(dependencies, 'software-dependencies', { label: 'EO toolbox', isMain: true, requirements: ['numpy', 'nope'] });
      expect(unknown.json()).toMatchObject({
        errors: [{ detail: 'Unknown software dependency: nope.', source: { pointer: '/data/attributes/requirements' } }],
      });
      const unsafe = await create(dependencies, 'software-dependencies', { label: 'Evil', install: 'pip:x; rm -rf /' });
      expect(unsafe.json()).toMatchObject({ errors: [{ source: { pointer: '/data/attributes/install' } }] });
      const created = await create(dependencies, 'software-dependencies', {
        label: 'EO toolbox',
        isMain: true,
        requirements: ['numpy', 'rasterio'],
        install: 'apt:libspatialindex-dev pip:eo-toolbox>=1.2',
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({ data: { attributes: { identifier: 'eo-toolbox', requirements: ['numpy', 'rasterio'] } } });
      const self = await api.patch(`${dependencies}/${created.json<{ data: { id: string } }>().data.id}`, 'software-dependencies', {
        requirements: ['eo-toolbox'],
      });
      expect(self.json()).toMatchObject({ errors: [{ detail: 'A software dependency cannot require itself.' }] });
    });

    it('refuses to delete a dependency others require', async () => {
      const numpy = (await api.list(`${dependencies}?filter[identifier]=numpy`)).data[0]!.id;
      const response = await api.send('DELETE', `${dependencies}/${numpy}`, staff);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ detail: string }>().detail).toMatch(/^Required by .*gdal.*: change those first\.$/);
      const toolbox = (await api.list(`${dependencies}?filter[identifier]=eo-toolbox`)).data[0]!.id;
      expect((await api.send('DELETE', `${dependencies}/${toolbox}`, staff)).statusCode).toBe(204);
    });
  });
});
