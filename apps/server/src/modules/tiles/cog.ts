import { fromCustomClient, type BlockedSourceOptions, type DecoderWorker, type GeoTIFF, type GeoTIFFImage, type RemoteSourceOptions } from 'geotiff';
import type { Datastore } from '../../engine/store/datastore.js';
import { geotransformOf, invertAffine, type Affine } from './affine.js';
import { decoderOf } from './block-decoder.js';
import { boundsIn, zoomRange } from './cog-extent.js';
import { crsFromGeoKeys, UnsupportedCrs, type SourceCrs } from './crs.js';
import { DatastoreClient, MissingFile } from './datastore-client.js';
import type { PixelWork } from './raster-pool.js';
import { ORIGIN_SHIFT, type Box } from './tile-math.js';

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

/** How bytes are fetched: 64 KiB blocks (a COG's headers in one read), 2 MiB of them kept per file. */
const SOURCE_OPTIONS: RemoteSourceOptions & BlockedSourceOptions = { blockSize: 64 * 1024, cacheSize: 32, allowFullFile: false };
const SUBFILE_REDUCED = 1;
const SUBFILE_MASK = 4;
/** Blocks one level may have: sampling indexes them in arrays of this length (a 1,000,000² COG of 512 px blocks has 3.8 million). */
const MAX_BLOCKS = 1 << 22;
let serials = 0;

/**
 * Opens `relative` in the execution folder `root` of the datastore: parses the headers of
 * every image through ranged reads; its blocks will be decoded by `pool`. MissingFile when
 * there is no such file, UnreadableFile or UnsupportedCrs when it is no usable GeoTIFF.
 */
export async function openCog(datastore: Datastore, root: string, relative: string, pool: PixelWork): Promise<Cog> {
  let tiff: GeoTIFF;
  const client = new DatastoreClient(datastore, root, relative);
  try {
    tiff = await fromCustomClient(client, SOURCE_OPTIONS);
  } catch (error) {
    if (client.missing) throw new MissingFile(relative);
    throw new UnreadableFile(`The file is not a GeoTIFF: ${(error as Error).message}`);
  }
  try {
    return await describe(tiff, relative.split('/').pop() ?? relative, pool);
  } catch (error) {
    if (error instanceof MissingFile || error instanceof UnsupportedCrs || error instanceof UnreadableFile) throw error;
    throw new UnreadableFile(`The GeoTIFF cannot be read: ${(error as Error).message}`);
  }
}

async function describe(tiff: GeoTIFF, name: string, pool: PixelWork): Promise<Cog> {
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
  const levels = [full, ...overviews].sort((a, b) => b.getWidth() - a.getWidth()).map((image, id) => describeLevel(image, id, width, height, pool));
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

function describeLevel(image: GeoTIFFImage, id: number, fullWidth: number, fullHeight: number, pool: PixelWork): CogLevel {
  const width = image.getWidth();
  const height = image.getHeight();
  const blockWidth = image.getTileWidth();
  const blockHeight = image.getTileHeight();
  if (Math.ceil(width / blockWidth) * Math.ceil(height / blockHeight) > MAX_BLOCKS) {
    throw new UnreadableFile(
      `The GeoTIFF has more than ${MAX_BLOCKS} blocks in one image (${width}×${height} pixels in blocks of ${blockWidth}×${blockHeight}).`,
    );
  }
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
    decoder: () => (decoder ??= decoderOf(image, pool)),
  };
}
