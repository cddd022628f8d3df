import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { addDecoder, BaseDecoder, fromCustomClient, getDecoder, type BlockedSourceOptions, type DecoderWorker, type GeoTIFF, type GeoTIFFImage, type RemoteSourceOptions, type TypedArray } from 'geotiff';
import type { Datastore } from '../../engine/store/datastore.js';
import { geotransformOf, invertAffine, applyAffine, type Affine } from './affine.js';
import { crsFromGeoKeys, UnsupportedCrs, type SourceCrs } from './crs.js';
import { DatastoreClient, MissingFile } from './datastore-client.js';
import { LruCache } from './lru.js';
import { undoPredictor } from './predictor.js';
import { ORIGIN_SHIFT, zoomForResolution, type Box } from './tile-math.js';

/** The file is not a GeoTIFF this service can read (answered as 400 with the reason). */
export class UnreadableFile extends Error {}

/**
 * One resolution of a file: the full-resolution image (level 0) or an internal overview,
 * with what sampling needs — its size, how many full-resolution pixels one of its pixels
 * spans, and its block (tile or strip) layout.
 */
export interface CogLevel {
  readonly id: number;
  readonly image: GeoTIFFImage;
  readonly width: number;
  readonly height: number;
  /** full-resolution pixels per pixel of this level, across and down */
  readonly factorX: number;
  readonly factorY: number;
  readonly blockWidth: number;
  readonly blockHeight: number;
  readonly blocksAcross: number;
  readonly blocksDown: number;
  readonly planar: 1 | 2;
  readonly samplesPerPixel: number;
  readonly decoder: () => Promise<DecoderWorker>;
}

/**
 * An opened GeoTIFF: its levels (finest first), georeferencing, nodata and the figures
 * TiTiler's tilejson reports (bounds, zoom range). Opening reads the headers only; pixels are
 * read block by block on demand (sampleLevel).
 */
export interface Cog {
  /** distinguishes files in the shared block cache */
  readonly serial: number;
  readonly name: string;
  readonly width: number;
  readonly height: number;
  readonly bandCount: number;
  readonly transform: Affine;
  /** world (file CRS) → full-resolution pixel position */
  readonly inverse: Affine;
  readonly crs: SourceCrs;
  readonly nodata: number | null;
  readonly levels: readonly CogLevel[];
  readonly lonLatBounds: Box;
  readonly mercatorBounds: Box;
  readonly minzoom: number;
  readonly maxzoom: number;
}

const inflate = promisify(zlib.inflate);

// node's zlib (native, off the event loop) instead of geotiff.js's pako for Deflate: several times faster
class NodeInflateDecoder extends BaseDecoder {
  override async decodeBlock(buffer: ArrayBufferLike): Promise<ArrayBufferLike> {
    const inflated = await inflate(new Uint8Array(buffer));
    const whole = inflated.byteOffset === 0 && inflated.byteLength === inflated.buffer.byteLength;
    return whole ? inflated.buffer : inflated.buffer.slice(inflated.byteOffset, inflated.byteOffset + inflated.byteLength);
  }
}
addDecoder([8, 32946], () => Promise.resolve(NodeInflateDecoder), undefined, false);

/** How bytes are fetched: 64 KiB blocks (a COG's headers in one read), 2 MiB of them kept per file. */
const SOURCE_OPTIONS: RemoteSourceOptions & BlockedSourceOptions = { blockSize: 64 * 1024, cacheSize: 32, allowFullFile: false };
const SUBFILE_REDUCED = 1;
const SUBFILE_MASK = 4;
const EDGE_SAMPLES = 21;
let serials = 0;

/**
 * Opens `relative` in the execution folder `root` of the datastore: parses the headers of
 * every image through ranged reads. MissingFile when there is no such file, UnreadableFile
 * or UnsupportedCrs when it is no usable GeoTIFF.
 */
export async function openCog(datastore: Datastore, root: string, relative: string): Promise<Cog> {
  let tiff: GeoTIFF;
  const client = new DatastoreClient(datastore, root, relative);
  try {
    tiff = await fromCustomClient(client, SOURCE_OPTIONS);
  } catch (error) {
    if (client.missing) throw new MissingFile(relative);
    throw new UnreadableFile(`The file is not a GeoTIFF: ${(error as Error).message}`);
  }
  try {
    return await describe(tiff, relative.split('/').pop() ?? relative);
  } catch (error) {
    if (error instanceof MissingFile || error instanceof UnsupportedCrs || error instanceof UnreadableFile) throw error;
    throw new UnreadableFile(`The GeoTIFF cannot be read: ${(error as Error).message}`);
  }
}

async function describe(tiff: GeoTIFF, name: string): Promise<Cog> {
  const count = await tiff.getImageCount();
  const images = await Promise.all(Array.from({ length: count }, (_, index) => tiff.getImage(index)));
  const full = images[0]!;
  const width = full.getWidth();
  const height = full.getHeight();
  const bandCount = full.getSamplesPerPixel();
  const geoKeys = full.getGeoKeys();
  const transform = geotransformOf({
    ModelTransformation: await full.fileDirectory.loadValue('ModelTransformation'),
    ModelTiepoint: await full.fileDirectory.loadValue('ModelTiepoint'),
    ModelPixelScale: await full.fileDirectory.loadValue('ModelPixelScale'),
    rasterType: Number(geoKeys?.GTRasterTypeGeoKey ?? 1),
  });
  if (!transform) throw new UnreadableFile('The GeoTIFF has no georeferencing (no ModelTransformation nor tie point and pixel scale).');
  assertOneSampleType(full);
  const crs = crsFromGeoKeys(geoKeys);
  const overviews = images.slice(1).filter((image) => isOverviewOf(image, full));
  const levels = [full, ...overviews].sort((a, b) => b.getWidth() - a.getWidth()).map((image, id) => describeLevel(image, id, width, height));
  const lonLatBounds = boundsIn(transform, width, height, crs.toLonLat);
  const mercatorBounds = boundsIn(transform, width, height, crs.toMercator);
  const zooms = zoomRange(mercatorBounds, width, height);
  return {
    serial: ++serials,
    name,
    width,
    height,
    bandCount,
    transform,
    inverse: invertAffine(transform),
    crs,
    nodata: full.getGDALNoData(),
    levels,
    lonLatBounds,
    mercatorBounds: { ...mercatorBounds, minY: Math.max(mercatorBounds.minY, -ORIGIN_SHIFT), maxY: Math.min(mercatorBounds.maxY, ORIGIN_SHIFT) },
    ...zooms,
  };
}

function isOverviewOf(image: GeoTIFFImage, full: GeoTIFFImage): boolean {
  const type = Number(image.fileDirectory.getValue('NewSubfileType') ?? 0);
  if (type & SUBFILE_MASK) return false;
  return (type & SUBFILE_REDUCED) !== 0 && image.getWidth() < full.getWidth() && image.getSamplesPerPixel() === full.getSamplesPerPixel();
}

function assertOneSampleType(image: GeoTIFFImage): void {
  for (let sample = 1; sample < image.getSamplesPerPixel(); sample++) {
    if (image.getSampleFormat(sample) !== image.getSampleFormat(0) || image.getBitsPerSample(sample) !== image.getBitsPerSample(0)) {
      throw new UnreadableFile('The GeoTIFF mixes sample types across its bands.');
    }
  }
}

function describeLevel(image: GeoTIFFImage, id: number, fullWidth: number, fullHeight: number): CogLevel {
  const width = image.getWidth();
  const height = image.getHeight();
  const blockWidth = image.getTileWidth();
  const blockHeight = image.getTileHeight();
  let decoder: Promise<DecoderWorker> | undefined;
  return {
    id,
    image,
    width,
    height,
    factorX: fullWidth / width,
    factorY: fullHeight / height,
    blockWidth,
    blockHeight,
    blocksAcross: Math.ceil(width / blockWidth),
    blocksDown: Math.ceil(height / blockHeight),
    planar: image.planarConfiguration,
    samplesPerPixel: image.getSamplesPerPixel(),
    decoder: () => (decoder ??= decoderOf(image)),
  };
}

type DecoderParameters = ConstructorParameters<typeof BaseDecoder>[0] & Record<string, unknown>;

/**
 * The image's block decoder: geotiff.js's decompression (node's zlib for Deflate), with the
 * parameters its readRasters would give it, then our faster predictor (predictor.ts).
 */
async function decoderOf(image: GeoTIFFImage): Promise<DecoderWorker> {
  const directory = image.fileDirectory;
  const optional = async (tag: 'JPEGTables' | 'LercParameters') => (directory.hasTag(tag) ? directory.loadValue(tag) : undefined);
  const parameters: DecoderParameters = {
    tileWidth: image.getTileWidth(),
    tileHeight: image.isTiled ? image.getTileHeight() : Number((await directory.loadValue('RowsPerStrip')) || image.getHeight()),
    planarConfiguration: image.planarConfiguration,
    bitsPerSample: (await directory.loadValue('BitsPerSample')) ?? [image.getBitsPerSample(0)],
    predictor: Number((await directory.loadValue('Predictor')) || 1),
    samplesPerPixel: image.getSamplesPerPixel(),
    JPEGTables: await optional('JPEGTables'),
    LercParameters: await optional('LercParameters'),
  };
  const decompressor = await getDecoder(Number(directory.getValue('Compression') ?? 1), parameters);
  return { decode: async (buffer) => undoPredictor(await decompressor.decodeBlock(buffer), parameters) };
}

/** The box of the raster's outline (21 points on each edge) mapped by `project`. */
function boundsIn(transform: Affine, width: number, height: number, project: (x: number, y: number) => [number, number]): Box {
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (let step = 0; step < EDGE_SAMPLES; step++) {
    const t = step / (EDGE_SAMPLES - 1);
    for (const [column, row] of [[t * width, 0], [t * width, height], [0, t * height], [width, t * height]] as const) {
      const [x, y] = project(...applyAffine(transform, column, row));
      if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
      box.minX = Math.min(box.minX, x);
      box.minY = Math.min(box.minY, y);
      box.maxX = Math.max(box.maxX, x);
      box.maxY = Math.max(box.maxY, y);
    }
  }
  if (!Number.isFinite(box.minX)) throw new UnsupportedCrs('The file lies nowhere on the Web Mercator map.');
  return box;
}

/**
 * TiTiler's zoom range of a file: maxzoom is the zoom nearest the file's own resolution in
 * Web Mercator (GDAL's suggested warp output: the diagonal kept in pixels), minzoom that of
 * the overview level at which the file fits a tile (rio-tiler's get_zooms).
 */
function zoomRange(bounds: Box, width: number, height: number): { minzoom: number; maxzoom: number } {
  const spanX = bounds.maxX - bounds.minX;
  const spanY = bounds.maxY - bounds.minY;
  const resolution = Math.hypot(spanX, spanY) / Math.hypot(width, height);
  const outWidth = spanX / resolution;
  const outHeight = spanY / resolution;
  let factor = 1;
  while (Math.min(Math.floor(outWidth / factor), Math.floor(outHeight / factor)) > 256) factor *= 2;
  const maxzoom = zoomForResolution(resolution);
  return { minzoom: Math.min(maxzoom, zoomForResolution(resolution * factor)), maxzoom };
}

// ---- pixels ----

/** Decoded blocks of every open file, shared, least recently used first out: 96 MiB. */
const blocks = new LruCache<string, Promise<TypedArray>>({ maxSize: 96 * 1024 * 1024 });

/** Forgets every decoded block (the benchmark measures cold renders with it). */
export function clearBlockCache(): void {
  blocks.clear();
}

/** Decoded bytes one read holds at once: bounds the memory of a read that spans a whole file without overviews. */
const BYTES_IN_FLIGHT = 16 * 1024 * 1024;

/**
 * The values of `bands` (0-based) at the given pixels of `level` (integer column and row,
 * -1 = no pixel): one Float64Array per band, NaN where there is no pixel, the value is
 * nodata or NaN. Only the blocks holding those pixels are read and decoded (a stripped file
 * reads just the strips of the rows asked for), each once, through the shared cache, a few
 * at a time: each block's pixels are copied out before the next blocks are decoded.
 */
export async function sampleLevel(cog: Cog, level: CogLevel, bands: number[], columns: Int32Array, rows: Int32Array): Promise<Float64Array[]> {
  const groups = pixelsByBlock(level, columns, rows);
  const nodata = nodataAsStored(cog.nodata, level.image) ?? NaN;
  const outputs = bands.map(() => new Float64Array(columns.length).fill(NaN));
  // separate planes: one block per band; interleaved: one block holds every band
  const planes = level.planar === 2 ? bands.map((band, index) => ({ plane: band, reads: [{ output: index, offset: 0 }] })) : [{ plane: 0, reads: bands.map((band, index) => ({ output: index, offset: band })) }];
  const stride = level.planar === 2 ? 1 : level.samplesPerPixel;
  const jobs = planes.flatMap(({ plane, reads }) => groups.ids.map((id) => ({ plane, reads, id })));
  const parallel = Math.max(1, Math.floor(BYTES_IN_FLIGHT / blockBytes(level)));
  for (let first = 0; first < jobs.length; first += parallel) {
    await Promise.all(
      jobs.slice(first, first + parallel).map(async ({ plane, reads, id }) => {
        const block = await blockOf(cog, level, plane, id);
        for (const { output, offset } of reads) copyOut(level, block, id, groups, columns, rows, stride, offset, nodata, outputs[output]!);
      }),
    );
  }
  return outputs;
}

function blockBytes(level: CogLevel): number {
  const samples = level.planar === 2 ? 1 : level.samplesPerPixel;
  return level.blockWidth * level.blockHeight * samples * Math.ceil(level.image.getBitsPerSample(0) / 8);
}

/** The pixels grouped by the block that holds them: `ids` in file order, `order[start[id]..start[id + 1])` the pixels of block `id`. */
interface BlockGroups {
  ids: number[];
  start: Int32Array;
  order: Int32Array;
}

function pixelsByBlock(level: CogLevel, columns: Int32Array, rows: Int32Array): BlockGroups {
  const { blockWidth, blockHeight, blocksAcross } = level;
  const blockCount = level.blocksAcross * level.blocksDown;
  const blockOfPixel = new Int32Array(columns.length);
  const start = new Int32Array(blockCount + 1);
  for (let index = 0; index < columns.length; index++) {
    const column = columns[index]!;
    const id = column < 0 ? -1 : Math.floor(rows[index]! / blockHeight) * blocksAcross + Math.floor(column / blockWidth);
    blockOfPixel[index] = id;
    if (id >= 0) start[id + 1]!++;
  }
  const ids: number[] = [];
  for (let id = 0; id < blockCount; id++) {
    if (start[id + 1]! > 0) ids.push(id);
    start[id + 1]! += start[id]!;
  }
  const order = new Int32Array(start[blockCount]!);
  const next = start.slice(0, blockCount);
  for (let index = 0; index < columns.length; index++) {
    const id = blockOfPixel[index]!;
    if (id >= 0) order[next[id]!++] = index;
  }
  return { ids, start, order };
}

function copyOut(level: CogLevel, block: TypedArray, id: number, groups: BlockGroups, columns: Int32Array, rows: Int32Array, stride: number, offset: number, nodata: number, out: Float64Array): void {
  const { blockWidth, blockHeight, blocksAcross } = level;
  const left = (id % blocksAcross) * blockWidth;
  const top = Math.floor(id / blocksAcross) * blockHeight;
  for (let at = groups.start[id]!; at < groups.start[id + 1]!; at++) {
    const index = groups.order[at]!;
    const value = block[((rows[index]! - top) * blockWidth + (columns[index]! - left)) * stride + offset]!;
    // NaN never equals itself: a NaN value stays NaN
    out[index] = value === nodata ? NaN : value;
  }
}

/** The nodata value as the file stores it: a float32 band holds float32's nearest value. */
function nodataAsStored(nodata: number | null, image: GeoTIFFImage): number | null {
  if (nodata === null || Number.isNaN(nodata)) return null;
  return image.getSampleFormat(0) === 3 && image.getBitsPerSample(0) === 32 ? Math.fround(nodata) : nodata;
}

function blockOf(cog: Cog, level: CogLevel, plane: number, id: number): Promise<TypedArray> {
  const key = `${cog.serial}/${level.id}/${plane}/${id}`;
  const cached = blocks.get(key);
  if (cached) return cached;
  const pending = decodeBlock(level, plane, id);
  blocks.set(key, pending, blockBytes(level));
  pending.then(
    (array) => blocks.resize(key, array.byteLength),
    () => blocks.delete(key),
  );
  return pending;
}

async function decodeBlock(level: CogLevel, plane: number, id: number): Promise<TypedArray> {
  const { image } = level;
  const tile = await image.getTileOrStrip(id % level.blocksAcross, Math.floor(id / level.blocksAcross), plane, await level.decoder());
  return nativeArray(image, plane, tile.data);
}

/** The decoded block as a typed array in this machine's byte order (big-endian files are swapped). */
function nativeArray(image: GeoTIFFImage, plane: number, data: ArrayBufferLike): TypedArray {
  const bits = image.getBitsPerSample(0);
  if (image.littleEndian || bits <= 8 || bits % 8 !== 0) return image.getArrayForSample(plane, data);
  const bytes = bits / 8;
  const count = Math.floor(data.byteLength / bytes);
  const out = image.getArrayForSample(plane, count);
  const view = new DataView(data);
  const read = image.getReaderForSample(plane);
  for (let index = 0; index < count; index++) out[index] = read.call(view, index * bytes, false);
  return out;
}
