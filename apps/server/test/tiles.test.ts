import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import type { BandStatistics } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rescaleToByte, type Rescale } from '../src/modules/tiles/rescale.js';
import { lonLatToMercator, tileBounds, tilesCovering, type TileIndex } from '../src/modules/tiles/tile-math.js';
import { engineSeeds, waitForStatus } from './helpers/engine.js';
import { gdalwarpTile, makeTestRasters, numpyStatistics, wgs84Bounds, type TestRasters } from './helpers/geotiff.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const EMIT = `
INPUTS = []
OUTPUTS = [{"name": "note", "data_type": "file"}]

def execute(out_dir, **inputs):
    with open(f"{out_dir}/note.txt", "w") as f:
        f.write("not a tiff")
    return {"note": f"{out_dir}/note.txt"}
`;

/** The statistics answer (contracts/tiles.ts), band 1 always there. */
type StatisticsBody = Record<string, BandStatistics> & { b1: BandStatistics };
interface TileJsonBody {
  tilejson: string;
  tiles: string[];
  bounds: [number, number, number, number];
  center: [number, number, number];
  minzoom: number;
  maxzoom: number;
}

/** The tile service against GDAL: statistics, TileJSON and tiles of GDAL-made GeoTIFFs in a real execution's datastore. */
describe('tiles: TiTiler-compatible map tiles of execution outputs', () => {
  let app: TestApp;
  let scratch: string;
  let rasters: TestRasters;
  let executionId: string;
  const fileUrl = (name: string) => `/builder/v1/executions/${executionId}/files/a/${name}`;
  const get = (url: string, headers: Record<string, string> = app.adminHeader) => app.server.inject({ method: 'GET', url, headers });
  const query = (params: Record<string, string | string[]>) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(params)) for (const item of Array.isArray(value) ? value : [value]) search.append(name, item);
    return search.toString();
  };

  beforeAll(async () => {
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-tiles-'));
    app = await createTestApp({ engine: { localCpus: 1, sweepIntervalMs: 200 } });
    const seeds = engineSeeds(app);
    await seeds.runnable('emit', EMIT, { inputs: [], outputs: [{ name: 'note', dataType: 'file' }] });
    const workflow = await seeds.workflow('emit-note', [seeds.graph([{ id: 'a', version: 'emit:1' }], [])]);
    [rasters, executionId] = await Promise.all([makeTestRasters(scratch), seeds.run(workflow)]);
    const row = await waitForStatus(app, executionId, ['success', 'failed']);
    expect(row.status).toBe('success');
    for (const file of Object.values(rasters)) await fs.copyFile(file, path.join(row.datastore!, 'a', path.basename(file)));
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await fs.rm(scratch, { recursive: true, force: true });
  });

  async function statistics(name: string, params: Record<string, string> = {}): Promise<StatisticsBody> {
    const response = await get(`/cog/statistics?${query({ url: fileUrl(name), ...params })}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<StatisticsBody>();
  }

  async function tile(name: string, index: TileIndex, params: Record<string, string | string[]>, suffix = '@1x'): Promise<PNG> {
    const response = await get(`/cog/tiles/WebMercatorQuad/${index.z}/${index.x}/${index.y}${suffix}?${query({ url: fileUrl(name), ...params })}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const png = PNG.sync.read(response.rawPayload);
    expect([png.width, png.height]).toEqual([256, 256]);
    return png;
  }

  /** Share of the tile's pixels on which the PNG agrees with gdalwarp's window (alpha, and each band's byte within 1). */
  async function agreement(
    file: string,
    index: TileIndex,
    rescale: Rescale,
    bands: number[] = [1],
  ): Promise<{ share: number; gdalNodata: number; transparentWhereNodata: number }> {
    const png = await tile(path.basename(file), index, { rescale: `${rescale.min},${rescale.max}`, bidx: bands.map(String) });
    const warped = await gdalwarpTile(file, tileBounds(index), path.join(scratch, `warped-${index.z}-${index.x}-${index.y}.tif`));
    let agree = 0;
    let gdalNodata = 0;
    let transparentWhereNodata = 0;
    for (let pixel = 0; pixel < 256 * 256; pixel++) {
      const values = bands.map((band) => warped.bands[band - 1]![pixel]!);
      const valid = values.some((value) => !Number.isNaN(value) && value !== warped.nodata);
      const opaque = png.data[pixel * 4 + 3] === 255;
      if (!valid) {
        gdalNodata++;
        if (!opaque) transparentWhereNodata++;
      }
      if (valid !== opaque) continue;
      const channels = bands.length === 1 ? [0, 0, 0] : [0, 1, 2];
      if (!valid || channels.every((band, channel) => Math.abs(rescaleToByte(values[band]!, rescale) - png.data[pixel * 4 + channel]!) <= 1)) agree++;
    }
    return { share: agree / (256 * 256), gdalNodata, transparentWhereNodata };
  }

  async function tileJson(name: string, params: Record<string, string> = {}): Promise<TileJsonBody> {
    const response = await get(`/cog/tilejson.json?${query({ url: fileUrl(name), ...params })}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TileJsonBody>();
  }

  function tilesOf(bounds: [number, number, number, number], z: number): TileIndex[] {
    const [minX, minY] = lonLatToMercator(bounds[0], bounds[1]);
    const [maxX, maxY] = lonLatToMercator(bounds[2], bounds[3]);
    const range = tilesCovering({ minX, minY, maxX, maxY }, z);
    const tiles: TileIndex[] = [];
    for (let x = range.minX; x <= range.maxX; x++) for (let y = range.minY; y <= range.maxY; y++) tiles.push({ z, x, y });
    return tiles;
  }

  it.each([
    ['the EPSG:4326 COG', 'lonlat-cog.tif'],
    ['the UTM COG', 'utm-cog.tif'],
    ['the stripped GeoTIFF', 'rgb-stripped.tif'],
  ])('computes the statistics of %s as numpy does, nodata and NaN excluded', async (_, name) => {
    const body = await statistics(name);
    const expected = await numpyStatistics(path.join(scratch, name));
    const { b1 } = body;
    for (const key of ['min', 'max', 'mean', 'std', 'median', 'percentile_2', 'percentile_98'] as const) {
      expect(b1[key], key).toBeCloseTo(expected[key], 3);
    }
    expect(b1.count).toBe(expected.count);
    expect(b1.valid_pixels).toBe(expected.count);
    expect(b1.masked_pixels).toBe(expected.masked);
    expect(b1.valid_percent).toBeCloseTo((expected.count / (expected.count + expected.masked)) * 100, 2);
    expect(b1.histogram[0]).toEqual(expected.histogram[0]);
    b1.histogram[1].forEach((edge, index) => expect(edge).toBeCloseTo(expected.histogram[1][index]!, 4));
    expect(b1.sum).toBeCloseTo(expected.mean * expected.count, 0);
    expect(Object.keys(body)).toEqual(name === 'rgb-stripped.tif' ? ['b1', 'b2', 'b3'] : ['b1']);
  });

  it('reads statistics of one band when bidx is given', async () => {
    const body = await statistics('rgb-stripped.tif', { bidx: '2' });
    expect(Object.keys(body)).toEqual(['b2']);
    const expected = await numpyStatistics(rasters.stripped, 2);
    expect(body.b2!.max).toBe(expected.max);
  });

  it.each([
    ['the EPSG:4326 COG', 'lonlat-cog.tif'],
    ['the UTM COG', 'utm-cog.tif'],
  ])('answers the TileJSON of %s with its WGS84 bounds and tile URLs on this server', async (_, name) => {
    const body = await tileJson(name, { rescale: '-50,120' });
    const expected = await wgs84Bounds(path.join(scratch, name));
    body.bounds.forEach((value, index) => expect(value).toBeCloseTo(expected[index]!, 4));
    expect(body).toMatchObject({ tilejson: '2.2.0', version: '1.0.0', scheme: 'xyz', name });
    expect(body.center).toEqual([(body.bounds[0] + body.bounds[2]) / 2, (body.bounds[1] + body.bounds[3]) / 2, body.minzoom]);
    expect(body.minzoom).toBeLessThanOrEqual(body.maxzoom);
    // GDAL's suggested Web Mercator resolution at 51° N: 20 m UTM pixels → ~32 m (zoom 12.3);
    // 0.001° pixels (111 × 177 m) → ~135 m along the diagonal (zoom 10.2)
    expect(body.maxzoom).toBe(name === 'utm-cog.tif' ? 12 : 10);
    const template = new URL(body.tiles[0]!);
    expect(`${template.origin}${decodeURIComponent(template.pathname)}`).toBe('http://localhost/cog/tiles/WebMercatorQuad/{z}/{x}/{y}@1x');
    expect(template.searchParams.get('url')).toBe(fileUrl(name));
    expect(template.searchParams.get('rescale')).toBe('-50,120');
  });

  it('renders UTM tiles as gdalwarp -t_srs EPSG:3857 -r near does, at full resolution and from the overview, nodata transparent', async () => {
    const { bounds, maxzoom, minzoom } = await tileJson('utm-cog.tif');
    const rescale = { min: -150, max: 150 };
    let nodataSeen = 0;
    for (const index of [...tilesOf(bounds, maxzoom), ...tilesOf(bounds, minzoom)]) {
      const result = await agreement(rasters.utm, index, rescale);
      expect(result.share, `${index.z}/${index.x}/${index.y}`).toBeGreaterThan(0.97);
      if (index.z === maxzoom) {
        nodataSeen += result.gdalNodata;
        expect(result.transparentWhereNodata).toBeGreaterThanOrEqual(result.gdalNodata * 0.97);
      }
    }
    expect(nodataSeen).toBeGreaterThan(0);
  });

  it('renders EPSG:4326 tiles as gdalwarp does, NaN and nodata transparent', async () => {
    const { bounds, maxzoom } = await tileJson('lonlat-cog.tif');
    for (const index of tilesOf(bounds, maxzoom)) {
      const result = await agreement(rasters.lonlat, index, { min: -100, max: 100 });
      expect(result.share, `${index.z}/${index.x}/${index.y}`).toBeGreaterThan(0.97);
      expect(result.transparentWhereNodata).toBeGreaterThanOrEqual(result.gdalNodata * 0.97);
    }
  });

  it('serves a stripped, non-COG GeoTIFF all the same, as RGB with three bidx', async () => {
    const bounds = await wgs84Bounds(rasters.stripped);
    const tiles = tilesOf(bounds, 12);
    expect(tiles.length).toBeGreaterThan(0);
    for (const index of tiles) {
      const result = await agreement(rasters.stripped, index, { min: 0, max: 255 }, [1, 2, 3]);
      expect(result.share, `${index.z}/${index.x}/${index.y}`).toBeGreaterThan(0.97);
    }
  });

  it('accepts the tile URL forms TiTiler accepts, a colour map, ?token= and the token cookie', async () => {
    const { bounds, maxzoom } = await tileJson('utm-cog.tif');
    const index = tilesOf(bounds, maxzoom)[0]!;
    const params = { rescale: '-150,150' };
    const plain = await tile('utm-cog.tif', index, params, '');
    for (const suffix of ['.png', '@1x.png']) expect((await tile('utm-cog.tif', index, params, suffix)).data.equals(plain.data)).toBe(true);
    const double = await get(`/cog/tiles/WebMercatorQuad/${index.z}/${index.x}/${index.y}@2x.png?${query({ url: fileUrl('utm-cog.tif'), ...params })}`);
    expect([PNG.sync.read(double.rawPayload).width, PNG.sync.read(double.rawPayload).height]).toEqual([512, 512]);
    const coloured = await tile('utm-cog.tif', index, { ...params, colormap_name: 'viridis' });
    const opaque = [...Array(256 * 256).keys()].find((pixel) => plain.data[pixel * 4 + 3] === 255)!;
    expect(coloured.data[opaque * 4 + 3]).toBe(255);
    expect(coloured.data[opaque * 4]).not.toBe(coloured.data[opaque * 4 + 1]);
    const token = app.adminHeader.authorization.replace('Bearer ', '');
    const url = `/cog/tiles/WebMercatorQuad/${index.z}/${index.x}/${index.y}@1x?${query({ url: fileUrl('utm-cog.tif'), ...params })}`;
    expect((await get(`${url}&token=${token}`, {})).statusCode).toBe(200);
    expect((await get(url, { cookie: `token=${token}` })).statusCode).toBe(200);
    expect((await get(url, { cookie: `token=${token}`, origin: 'http://evil.example' })).statusCode).toBe(401);
  });

  it('answers 404 with a detail for a tile outside the file', async () => {
    const response = await get(`/cog/tiles/WebMercatorQuad/12/0/0@1x?${query({ url: fileUrl('utm-cog.tif') })}`);
    expect(response.statusCode).toBe(404);
    expect(response.json<{ detail: string }>().detail).toBe('Tile(x=0, y=0, z=12) is outside bounds');
  });

  it('accepts the file as an absolute URL of this server', async () => {
    const response = await get(`/cog/statistics?${query({ url: `http://localhost:80${fileUrl('utm-cog.tif')}` })}`);
    expect(response.statusCode, response.body).toBe(200);
  });

  it.each([
    'http://example.org/x.tif',
    'https://example.org/builder/v1/executions/1/files/a/utm-cog.tif',
    '//example.org/builder/v1/executions/1/files/a/utm-cog.tif',
    '/etc/passwd',
    'file:///etc/passwd',
    's3://bucket/utm-cog.tif',
    '/vsicurl/http://example.org/x.tif',
    '/builder/v1/executions/1/files/../../../../etc/passwd',
    '/builder/v1/executions/1/files/a/%2e%2e/%2e%2e/x.tif',
    '/builder/v1/executions/1/tasks/a/log',
    'http://user:secret@localhost:80/builder/v1/executions/1/files/a/utm-cog.tif',
  ])('refuses the foreign url %j with 400', async (foreign) => {
    const response = await get(`/cog/statistics?${query({ url: foreign.replace('/executions/1/', `/executions/${executionId}/`) })}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ detail: string }>().detail).toMatch(/^url: .*Only files of this platform's executions can be served/);
  });

  it('answers 404 for a missing file, 400 for a file that is no GeoTIFF', async () => {
    const missing = await get(`/cog/tilejson.json?${query({ url: fileUrl('nothing.tif') })}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ detail: string }>().detail).toBe('No such file.');
    const note = await get(`/cog/statistics?${query({ url: fileUrl('note.txt') })}`);
    expect(note.statusCode).toBe(400);
    expect(note.json<{ detail: string }>().detail).toMatch(/not a GeoTIFF/);
    const execution = await get(`/cog/statistics?${query({ url: `/builder/v1/executions/999999/files/a/utm-cog.tif` })}`);
    expect(execution.statusCode).toBe(404);
  });

  it('answers 401 without credentials and 403 to a user who may not view the execution', async () => {
    const url = `/cog/statistics?${query({ url: fileUrl('utm-cog.tif') })}`;
    expect((await get(url, {})).statusCode).toBe(401);
    const stranger = await app.userWithHeader('stranger');
    const refused = await get(url, stranger);
    expect([403, 404]).toContain(refused.statusCode);
    const tiles = await get(`/cog/tiles/WebMercatorQuad/12/2080/1370?${query({ url: fileUrl('utm-cog.tif') })}`, stranger);
    expect([403, 404]).toContain(tiles.statusCode);
  });

  it('previews the whole file as one PNG, decimated to max_size, nodata transparent', async () => {
    for (const [maxSize, width, height] of [
      ['1024', 500, 400],
      ['250', 250, 200],
    ] as const) {
      const response = await get(`/cog/preview?${query({ url: fileUrl('utm-cog.tif'), rescale: '-200,200', max_size: maxSize })}`);
      expect(response.statusCode, response.body).toBe(200);
      const png = PNG.sync.read(response.rawPayload);
      expect([png.width, png.height]).toEqual([width, height]);
      // the nodata hole (rows 150–230, columns 180–320 of the 500 × 400 file) and a corner outside it
      const at = (column: number, row: number) => png.data[((row * height) / 400) * width * 4 + ((column * width) / 500) * 4 + 3];
      expect(at(250, 190)).toBe(0);
      expect(at(0, 0)).toBe(255);
    }
  });

  it('documents the four endpoints in the OpenAPI document, tagged tiles', async () => {
    const { paths } = (await get('/api/openapi.json')).json<{ paths: Record<string, { get?: { tags?: string[] } }> }>();
    for (const route of ['/cog/statistics', '/cog/tilejson.json', '/cog/preview', '/cog/tiles/WebMercatorQuad/{z}/{x}/{y}'])
      expect(paths[route]?.get?.tags, route).toEqual(['tiles']);
  });

  it('refuses bad rendering parameters with 400', async () => {
    const base = { url: fileUrl('utm-cog.tif') };
    const bad: Record<string, string | string[]>[] = [{ bidx: '2' }, { rescale: '1' }, { colormap_name: 'jet' }, { bidx: ['1', '1'] }];
    for (const params of bad) {
      const response = await get(`/cog/tilejson.json?${query({ ...base, ...params })}`);
      expect(response.statusCode, JSON.stringify(params)).toBe(400);
    }
    expect((await get(`/cog/tiles/WebMercatorQuad/12/2080/1370.jpg?${query(base)}`)).statusCode).toBe(400);
    expect((await get(`/cog/tiles/WebMercatorQuad/3/9/0?${query(base)}`)).statusCode).toBe(400);
  });
});
