import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueClient, stacItem } from '../../../test/helpers/catalogue.js';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js';

const run = promisify(execFile);

interface OgrFeatureCollection {
  features: { properties: Record<string, unknown> }[];
}

/**
 * GDAL's OGC API – Features driver (Debian gdal-bin) as a real client of the STAC API: it
 * opens the root exactly as given (no trailing slash), reads the collections as layers and
 * pages their items as GeoJSON; a spatial filter goes to the server as `bbox`.
 */
describe('GDAL (OAPIF) against /resource-catalogue/stac', () => {
  let app: TestApp;
  let root = '';

  beforeAll(async () => {
    app = await createTestApp();
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    root = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}/resource-catalogue/stac`;
    const admin = app.adminHeader;
    const stac = catalogueClient(app);
    await stac.createCollection('gdal-public', admin, { 'asb:public': true });
    await stac.createCollection('gdal-private', admin);
    await stac.addItems(
      'gdal-public',
      [
        stacItem('antwerp', { bbox: [4.3, 51.1, 4.5, 51.3], properties: { 'eo:cloud_cover': 5 } }),
        stacItem('ghent', { bbox: [3.6, 51.0, 3.8, 51.1], properties: { 'eo:cloud_cover': 40 } }),
        stacItem('rome', { bbox: [12.4, 41.8, 12.6, 42.0], properties: { 'eo:cloud_cover': 10 } }),
      ],
      admin,
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  const gdal = (command: string, args: string[]) =>
    run(command, args, {
      env: { ...process.env, NO_PROXY: '127.0.0.1,localhost', no_proxy: '127.0.0.1,localhost', GDAL_HTTP_MAX_RETRY: '0' },
    });

  it('lists the public collections as layers, the private one not (signed out)', async () => {
    const { stdout } = await gdal('ogrinfo', ['-ro', '-q', `OAPIF:${root}`]);
    expect(stdout).toMatch(/gdal-public/);
    expect(stdout).not.toMatch(/gdal-private/);
  });

  it('reads the items of a collection, and a bounding box filters them on the server', async () => {
    const all = await gdal('ogr2ogr', ['-f', 'GeoJSON', '/vsistdout/', `OAPIF:${root}`, 'gdal-public']);
    const ids = (JSON.parse(all.stdout) as OgrFeatureCollection).features.map((feature) => feature.properties.id).sort();
    expect(ids).toEqual(['antwerp', 'ghent', 'rome']);

    const belgium = await gdal('ogr2ogr', [
      '-f',
      'GeoJSON',
      '/vsistdout/',
      '-spat',
      '2.5',
      '49.5',
      '6.4',
      '51.5',
      `OAPIF:${root}`,
      'gdal-public',
      '--debug',
      'on',
    ]);
    const near = (JSON.parse(belgium.stdout) as OgrFeatureCollection).features.map((feature) => feature.properties.id).sort();
    expect(near).toEqual(['antwerp', 'ghent']);
    // GDAL says which URL it fetched: the box went to the server
    expect(belgium.stderr).toMatch(/items\?[^\s]*bbox=/);
  });
});
