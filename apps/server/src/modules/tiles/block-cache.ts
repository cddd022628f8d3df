import type { TypedArray } from 'geotiff';
import { LRUCache } from 'lru-cache';
import type { Cog, CogLevel } from './cog.js';

/**
 * Decoded blocks of every open file, shared, least recently used first out: 96 MiB. A block
 * being decoded counts with its expected size, then with the bytes it decoded to.
 */
const blocks = new LRUCache<string, Promise<TypedArray>>({ maxSize: 96 * 1024 * 1024 });

/** Forgets every decoded block (the benchmark measures cold renders with it). */
export function clearBlockCache(): void {
  blocks.clear();
}

/** The decoded bytes of one block of `level` (the size a block counts with before it is decoded). */
export function blockBytes(level: CogLevel): number {
  const samples = level.planar === 2 ? 1 : level.samplesPerPixel;
  return level.blockWidth * level.blockHeight * samples * Math.ceil(level.image.getBitsPerSample(0) / 8);
}

/** The decoded block `id` of `plane`, decoded once while it stays in the shared cache. */
export function blockOf(cog: Cog, level: CogLevel, plane: number, id: number): Promise<TypedArray> {
  const key = `${cog.serial}/${level.id}/${plane}/${id}`;
  const cached = blocks.get(key);
  if (cached) return cached;
  const pending = decodeBlock(level, plane, id);
  blocks.set(key, pending, { size: blockBytes(level) });
  pending.then(
    // unless it was evicted or cleared meanwhile
    (array) => blocks.peek(key) === pending && blocks.set(key, pending, { size: array.byteLength }),
    () => blocks.peek(key) === pending && blocks.delete(key),
  );
  return pending;
}

async function decodeBlock(level: CogLevel, plane: number, id: number): Promise<TypedArray> {
  const { image } = level;
  // the worker answers the pixels in this machine's byte order (decompress.ts)
  const tile = await image.getTileOrStrip(id % level.blocksAcross, Math.floor(id / level.blocksAcross), plane, await level.decoder());
  return image.getArrayForSample(plane, tile.data);
}
