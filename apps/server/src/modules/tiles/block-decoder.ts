import type { DecoderWorker, GeoTIFFImage } from 'geotiff';
import type { BlockLayout } from './decompress.js';
import type { PixelWork } from './raster-pool.js';

/** The file's block is not what its header says (answered as 400 with the reason). */
export class UndecodableBlock extends Error {}

/**
 * The image's block decoder for geotiff.js's getTileOrStrip: the block's bytes go to a raster
 * worker (decompress.ts), which decompresses them — never past the block's declared size —
 * and undoes the predictor. The layout is read from the header here, once per level.
 */
export async function decoderOf(image: GeoTIFFImage, pool: PixelWork): Promise<DecoderWorker> {
  const layout = await blockLayout(image);
  return {
    decode: async (buffer) => {
      try {
        return await pool.decodeBlock(buffer as ArrayBuffer, layout);
      } catch (error) {
        throw new UndecodableBlock(`A block of the GeoTIFF cannot be decoded: ${(error as Error).message}`);
      }
    },
  };
}

async function blockLayout(image: GeoTIFFImage): Promise<BlockLayout> {
  const directory = image.fileDirectory;
  const optional = async (tag: 'JPEGTables' | 'LercParameters') => (directory.hasTag(tag) ? directory.loadValue(tag) : undefined);
  const tileWidth = image.getTileWidth();
  const tileHeight = image.isTiled ? image.getTileHeight() : Number((await directory.loadValue('RowsPerStrip')) || image.getHeight());
  const samplesPerPixel = image.getSamplesPerPixel();
  const samplesPerBlock = image.planarConfiguration === 2 ? 1 : samplesPerPixel;
  return {
    compression: Number(directory.getValue('Compression') ?? 1),
    tileWidth,
    tileHeight,
    planarConfiguration: image.planarConfiguration,
    bitsPerSample: bitsOf(await directory.loadValue('BitsPerSample'), image),
    predictor: Number((await directory.loadValue('Predictor')) || 1),
    samplesPerPixel,
    JPEGTables: await optional('JPEGTables'),
    LercParameters: await optional('LercParameters'),
    maxBytes: tileWidth * tileHeight * samplesPerBlock * Math.ceil(image.getBitsPerSample(0) / 8),
    littleEndian: image.littleEndian,
  };
}

function bitsOf(tag: number | ArrayLike<number> | undefined, image: GeoTIFFImage): number[] {
  if (tag === undefined) return [image.getBitsPerSample(0)];
  return typeof tag === 'number' ? [tag] : Array.from(tag);
}
