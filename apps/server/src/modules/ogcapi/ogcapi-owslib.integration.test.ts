import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { OGC_CONFORMANCE, OGC_REL } from '@asb/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeApi } from '../../../test/helpers/knowledge-api.js';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { workspaces } from '../../db-schema.js';
import { DEMO_WORKFLOW } from '../demo/demo-workflow.js';

const run = promisify(execFile);
const CLIENT = fileURLToPath(new URL('../../../test/helpers/owslib-client.py', import.meta.url));

interface Seen {
  landing_rels: string[];
  conformance: string[];
  process_ids: string[];
  inputs: string[];
  outputs: string[];
  execute_status: number;
  job_status: string;
  results: Record<string, unknown>;
  downloads: Record<string, { status: number; bytes: number }>;
}

/**
 * OWSLib (Debian python3-owslib 0.27, /usr/bin/python3) as a real client of the portal's
 * OGC API – Processes server on loopback: list, describe (OWSLib), execute, follow and
 * results (requests), with a bearer token of POST /usermgr/v1/token/.
 */
describe('OWSLib against /ogcapi', () => {
  let app: TestApp;
  let dataDir = '';
  let url = '';
  let token = '';

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-owslib-'));
    app = await createTestApp({ demo: true, dataDir, engine: { localCpus: 2, sweepIntervalMs: 200 } });
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    // without the trailing slash, as a user pastes it: OWSLib opens it as given
    url = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}/ogcapi`;
    const [workspace] = await app.ctx.db.select().from(workspaces).where(eq(workspaces.identifier, 'demo'));
    const header = await knowledgeApi(app).member('uma', { [String(workspace!.id)]: 'user' });
    token = String(header.authorization).slice('Bearer '.length);
  });
  afterAll(async () => {
    await app?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('lists, describes, executes, follows and fetches the results of the NDVI demo', async () => {
    const inputs = JSON.stringify({ size: 48, threshold: 0.2 });
    const { stdout } = await run('/usr/bin/python3', [CLIENT, url, token, DEMO_WORKFLOW.identifier, inputs], {
      env: { ...process.env, NO_PROXY: '127.0.0.1,localhost', no_proxy: '127.0.0.1,localhost' },
    });
    const seen = JSON.parse(stdout) as Seen;
    expect(seen.landing_rels).toEqual(expect.arrayContaining(['self', 'service-desc', OGC_REL.conformance, OGC_REL.processes, OGC_REL.jobList]));
    expect(seen.conformance).toEqual(expect.arrayContaining([OGC_CONFORMANCE.core, OGC_CONFORMANCE.processDescription, OGC_CONFORMANCE.jobList]));
    expect(seen.process_ids).toEqual(expect.arrayContaining([DEMO_WORKFLOW.identifier]));
    expect(seen.inputs).toEqual(['east', 'nir_band', 'north', 'red_band', 'size', 'south', 'threshold', 'west']);
    expect(seen.outputs).toEqual(expect.arrayContaining(['report', 'text']));
    expect(seen.execute_status).toBe(201);
    expect(seen.job_status).toBe('successful');
    expect(seen.results.text).toMatch(/^Vegetation covers/);
    expect(seen.downloads.report).toMatchObject({ status: 200 });
    expect(seen.downloads.report!.bytes).toBeGreaterThan(0);
  });
});
