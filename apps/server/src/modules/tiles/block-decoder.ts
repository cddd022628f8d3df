import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { addDecoder, BaseDecoder, getDecoder, type DecoderWorker, type GeoTIFFImage } from 'geotiff';
import { undoPredictor } from './predictor.js';

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

type DecoderParameters = ConstructorParameters<typeof BaseDecoder>[0] & Record<string, unknown>;

/**
 * The image's block decoder: geotiff.js's decompression (node's zlib for Deflate), with the
 * parameters its readRasters would give it, then our faster predictor (predictor.ts).
 */
export async function decoderOf(image: GeoTIFFImage): Promise<DecoderWorker> {
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
