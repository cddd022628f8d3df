import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Box } from '../../src/modules/tiles/tile-math.js';

const run = promisify(execFile);
/** Debian's interpreter, where apt installs numpy and rasterio (scripts/system-packages.sh --test). */
const PYTHON = process.env.ASB_PYTHON ?? '/usr/bin/python3';

/** The GeoTIFFs the tile tests serve, made by GDAL, in one folder. */
export interface TestRasters {
  /** EPSG:4326 COG, Float32, 360 × 240 px of 0.001° near Antwerp, nodata -9999 (a hole) and a NaN row */
  lonlat: string;
  /** EPSG:32631 COG, Float32, 500 × 400 px of 20 m, nodata -9999 (a hole), one overview (250 × 200) */
  utm: string;
  /** EPSG:32631, UInt8 RGB, 300 × 200 px of 30 m, stripped (not tiled), no overviews, nodata 0 */
  stripped: string;
}

const MAKE = String.raw`
import sys, numpy as np, rasterio
from rasterio.transform import from_origin
out = sys.argv[1]

def field(h, w, scale):
    yy, xx = np.mgrid[0:h, 0:w]
    return (np.sin(xx / 23.0) * np.cos(yy / 17.0) * scale + xx * 0.05 - yy * 0.03).astype('float32')

lonlat = field(240, 360, 80.0)
lonlat[60:100, 120:200] = -9999
lonlat[5, :] = np.nan
utm = field(400, 500, 120.0)
utm[150:230, 180:320] = -9999
rgb = np.stack([(field(200, 300, 100.0) % 250 + 1).astype('uint8') for _ in range(3)])
rgb[1] = 255 - rgb[1]
rgb[:, 50:80, 100:160] = 0

def write(name, data, crs, transform, nodata):
    bands = data if data.ndim == 3 else data[None]
    profile = dict(driver='GTiff', width=bands.shape[2], height=bands.shape[1], count=bands.shape[0], dtype=str(bands.dtype), crs=crs, transform=transform, nodata=nodata)
    with rasterio.open(f'{out}/{name}', 'w', **profile) as dst:
        dst.write(bands)

write('lonlat-plain.tif', lonlat, 'EPSG:4326', from_origin(4.30, 51.34, 0.001, 0.001), -9999)
write('utm-plain.tif', utm, 'EPSG:32631', from_origin(590000, 5690000, 20, 20), -9999)
write('rgb-plain.tif', rgb, 'EPSG:32631', from_origin(600000, 5680000, 30, 30), 0)
`;

/** Makes the test rasters in `dir` (python3 + rasterio writes them, gdal_translate makes COGs and the stripped file). */
export async function makeTestRasters(dir: string): Promise<TestRasters> {
  await run(PYTHON, ['-c', MAKE, dir]);
  const cog = ['-q', '-of', 'COG', '-co', 'COMPRESS=DEFLATE', '-co', 'PREDICTOR=YES', '-co', 'BLOCKSIZE=256'];
  await run('gdal_translate', [...cog, path.join(dir, 'lonlat-plain.tif'), path.join(dir, 'lonlat-cog.tif')]);
  await run('gdal_translate', [...cog, path.join(dir, 'utm-plain.tif'), path.join(dir, 'utm-cog.tif')]);
  await run('gdal_translate', [
    '-q',
    '-co',
    'TILED=NO',
    '-co',
    'COMPRESS=DEFLATE',
    '-co',
    'BLOCKYSIZE=7',
    path.join(dir, 'rgb-plain.tif'),
    path.join(dir, 'rgb-stripped.tif'),
  ]);
  return { lonlat: path.join(dir, 'lonlat-cog.tif'), utm: path.join(dir, 'utm-cog.tif'), stripped: path.join(dir, 'rgb-stripped.tif') };
}

/** numpy's statistics of a band's valid pixels (nodata and NaN excluded), the figures TiTiler reports. */
export interface NumpyStatistics {
  min: number;
  max: number;
  mean: number;
  std: number;
  median: number;
  percentile_2: number;
  percentile_98: number;
  count: number;
  masked: number;
  histogram: [number[], number[]];
}

const STATISTICS = String.raw`
import sys, json, numpy as np, rasterio
with rasterio.open(sys.argv[1]) as src:
    band = src.read(int(sys.argv[2])).astype('float64')
    valid = ~np.isnan(band)
    if src.nodata is not None and not np.isnan(src.nodata):
        valid &= band != src.nodata
    values = band[valid]
    counts, edges = np.histogram(values, bins=10)
    print(json.dumps(dict(min=values.min(), max=values.max(), mean=values.mean(), std=values.std(), median=float(np.median(values)),
        percentile_2=float(np.percentile(values, 2)), percentile_98=float(np.percentile(values, 98)), count=int(values.size),
        masked=int(band.size - values.size), histogram=[counts.tolist(), edges.tolist()])))
`;

/** The statistics numpy computes for band `band` (1-based) of the whole file. */
export async function numpyStatistics(file: string, band = 1): Promise<NumpyStatistics> {
  const { stdout } = await run(PYTHON, ['-c', STATISTICS, file, String(band)]);
  return JSON.parse(stdout) as NumpyStatistics;
}

/** The file's bounds in WGS84 degrees [west, south, east, north], as rasterio's transform_bounds (21 points per edge) gives them. */
export async function wgs84Bounds(file: string): Promise<[number, number, number, number]> {
  const script = String.raw`
import sys, json, rasterio
from rasterio.warp import transform_bounds
with rasterio.open(sys.argv[1]) as src:
    print(json.dumps(transform_bounds(src.crs, 'EPSG:4326', *src.bounds, densify_pts=21)))
`;
  const { stdout } = await run(PYTHON, ['-c', script, file]);
  return JSON.parse(stdout) as [number, number, number, number];
}

/** A tile window warped by GDAL: per band its 256 × 256 values (row by row) and the nodata value. */
export interface WarpedTile {
  bands: number[][];
  nodata: number | null;
}

const READ = String.raw`
import sys, json, numpy as np, rasterio
with rasterio.open(sys.argv[1]) as src:
    data = src.read().astype('float64')
    print(json.dumps(dict(nodata=src.nodata, bands=[np.where(np.isnan(b), None, b).ravel().tolist() for b in data])))
`;

/** The arguments of `gdalwarp -t_srs EPSG:3857 -te <bounds> -ts size size -r near <file> <out>`: a tile as GDAL renders it (the tests' reference, the bench's rival). */
export function gdalwarpTileArgs(file: string, bounds: Box, out: string, size = 256, extra: string[] = []): string[] {
  return [
    '-q',
    '-overwrite',
    '-t_srs',
    'EPSG:3857',
    '-te',
    ...[bounds.minX, bounds.minY, bounds.maxX, bounds.maxY].map(String),
    '-ts',
    String(size),
    String(size),
    '-r',
    'near',
    ...extra,
    file,
    out,
  ];
}

/** `file` warped into `out` as GDAL renders the tile (gdalwarpTileArgs), read back: the reference a rendered tile is compared with. */
export async function gdalwarpTile(file: string, bounds: Box, out: string, size = 256): Promise<WarpedTile> {
  await run('gdalwarp', gdalwarpTileArgs(file, bounds, out, size));
  const { stdout } = await run(PYTHON, ['-c', READ, out], { maxBuffer: 64 * 1024 * 1024 });
  const parsed = JSON.parse(stdout) as { nodata: number | null; bands: (number | null)[][] };
  return { nodata: parsed.nodata, bands: parsed.bands.map((band) => band.map((value) => value ?? NaN)) };
}
