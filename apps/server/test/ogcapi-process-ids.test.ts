import fs from 'node:fs/promises';
import path from 'node:path';
import { OGC_EXCEPTION, type OgcProcessSummary } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builderSeeds } from './helpers/builder.js';
import type { Headers } from './helpers/knowledge-api.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { testdata } from './helpers/testdata.js';

const CWL = testdata('cwl');

/**
 * Issue 30 §6: OGC process ids were first come — another user's public deploy took the plain
 * id of a demo workflow. A deploy whose id another process holds (a workflow, anyone's
 * application, seen by the caller or not) is refused with 409 duplicated-process, and the
 * process keeps its id for everyone (docs/ogcapi.md "Process ids").
 */
describe('OGC API process ids are not first come', () => {
  let app: TestApp;
  let mallory: Headers;
  let uma: Headers;
  let snuggs = '';
  let waterBody = '';
  const deploy = (headers: Headers, cwl: string) =>
    app.server.inject({ method: 'POST', url: '/ogcapi/processes', headers: { ...headers, 'content-type': 'application/cwl+yaml' }, payload: cwl });
  const processIds = async (headers: Headers) =>
    (await app.server.inject({ url: '/ogcapi/processes', headers })).json<{ processes: OgcProcessSummary[] }>().processes.map((process) => process.id);

  beforeAll(async () => {
    app = await createTestApp();
    mallory = await app.userWithHeader('mallory');
    uma = await app.userWithHeader('uma');
    snuggs = await fs.readFile(path.join(CWL, 'eoepca-snuggs/app-package.cwl'), 'utf8');
    waterBody = await fs.readFile(path.join(CWL, 'eoap-water-bodies/cwl-workflow/app-water-body.cwl'), 'utf8');
    // the admin's workflow 'snuggs', private: mallory does not see it
    await builderSeeds(app).workflow('snuggs', []);
  });
  afterAll(() => app.close());

  it('refuses a deploy of the id of a workflow the caller cannot even see (409), and deploys nothing', async () => {
    const refused = await deploy(mallory, snuggs);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      type: OGC_EXCEPTION.duplicatedProcess,
      detail: 'The process id "snuggs" is taken by another process: give your package another id.',
    });
    expect(await processIds(mallory)).toEqual([]);
  });

  it('refuses another user’s deploy of an application’s id; the owner’s own second deploy is the usual duplicate', async () => {
    const first = await deploy(uma, waterBody);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<OgcProcessSummary>().id).toBe('water-bodies');

    const taken = await deploy(mallory, waterBody);
    expect([taken.statusCode, taken.json<{ detail: string }>().detail]).toEqual([
      409,
      'The process id "water-bodies" is taken by another process: give your package another id.',
    ]);
    expect(await processIds(mallory)).toEqual([]);

    const again = await deploy(uma, waterBody);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ detail: string }>().detail).not.toContain('taken by another process');
    // replacing one's own deployment still works
    const replaced = await app.server.inject({
      method: 'PUT',
      url: '/ogcapi/processes/water-bodies',
      headers: { ...uma, 'content-type': 'application/cwl+yaml' },
      payload: waterBody,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
  });
});
