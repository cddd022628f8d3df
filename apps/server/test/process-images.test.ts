import type { ProcessImageAttributes } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeApi, type Headers } from './helpers/knowledge-api.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * resmgr process images: read-only, filtered by process identifier and version,
 * visible to whoever may view the process (spec 2 §7 Processes).
 */
describe('resmgr process images', () => {
  let app: TestApp;
  let api: ReturnType<typeof knowledgeApi>;
  let member: Headers;
  let stranger: Headers;
  let image = '';
  const url = '/resmgr/v1/process-images';
  const versionsOf = async (query: string, headers: Headers = app.adminHeader) =>
    (await api.list<ProcessImageAttributes>(`${url}?${query}`, headers)).data.map(
      (row) => `${row.attributes.processIdentifier}:${row.attributes.processVersion}`,
    );

  beforeAll(async () => {
    app = await createTestApp();
    api = knowledgeApi(app);
    const lab = await api.workspace('lab');
    member = await api.member('uma', { [lab]: 'user' });
    stranger = await api.member('nils');
    const ndvi = await api.processId({ label: 'NDVI' }, app.adminHeader, [lab]);
    const flood = await api.processId({ label: 'Flood' });
    for (const value of ['1', '2', '10']) await api.releasedVersion({ id: ndvi, identifier: 'ndvi' }, value);
    await api.releasedVersion({ id: flood, identifier: 'flood' }, '1');
    image = (await api.list(`${url}?filter[processIdentifier]=ndvi&filter[processVersion]=2`)).data[0]!.id;
  });
  afterAll(async () => {
    await app.close();
  });

  it('lists images by process identifier, newest version first, and by version', async () => {
    expect(await versionsOf('filter[processIdentifier]=ndvi')).toEqual(['ndvi:10', 'ndvi:2', 'ndvi:1']);
    expect(await versionsOf('filter[processIdentifier]=ndvi&filter[processVersion]=1')).toEqual(['ndvi:1']);
    expect(await versionsOf('')).toEqual(['flood:1', 'ndvi:10', 'ndvi:2', 'ndvi:1']);
  });

  it('answers the allocated resources of a version', async () => {
    const response = await api.send('GET', `${url}/${image}`, member);
    expect(response.json()).toMatchObject({
      data: {
        type: 'process-images',
        attributes: {
          processIdentifier: 'ndvi',
          processVersion: '2',
          allocatedCpus: 2,
          allocatedMem: 2048,
          allocatedDisk: 1024,
          allocatedGpus: 0,
          permissions: { change: false, delete: false, share: false },
        },
        relationships: { process: { data: { type: 'processes' } } },
      },
    });
  });

  it('shows each user the images of the processes they may view', async () => {
    expect(await versionsOf('', member)).toEqual(['ndvi:10', 'ndvi:2', 'ndvi:1']);
    expect(await versionsOf('', stranger)).toEqual([]);
    expect((await api.send('GET', `${url}/${image}`, stranger)).statusCode).toBe(403);
    expect((await api.send('GET', url, {})).statusCode).toBe(401);
  });

  it('is read-only', async () => {
    const created = await api.send('POST', url, app.adminHeader, { data: { type: 'process-images', attributes: {} } });
    expect(created.statusCode).toBe(405);
    expect(created.json()).toMatchObject({ detail: 'Process images are recorded by the release of a process version and are read-only.' });
    expect((await api.patch(`${url}/${image}`, 'process-images', { allocatedCpus: 8 })).statusCode).toBe(405);
    expect((await api.send('PATCH', `${url}/${image}/archive`)).statusCode).toBe(405);
    expect((await api.send('DELETE', `${url}/${image}`)).statusCode).toBe(405);
  });
});
