import { detailError } from '../../platform/http/errors.js';

/**
 * The `bidx` query values (1-based band indexes, TiTiler repeats the parameter; "1,2,3"
 * is accepted too), checked against the file's band count. Undefined when none was given.
 */
export function parseBands(values: string | string[] | undefined, bandCount: number): number[] | undefined {
  if (values === undefined) return undefined;
  const parts = (Array.isArray(values) ? values : [values])
    .flatMap((value) => value.split(','))
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length === 0) return undefined;
  return parts.map((part) => {
    const band = Number(part);
    if (!Number.isInteger(band) || band < 1 || band > bandCount) {
      throw detailError(400, `bidx: invalid band index "${part}": the file has ${bandCount} band${bandCount === 1 ? '' : 's'} (1 to ${bandCount}).`);
    }
    return band;
  });
}

/** The bands a tile shows: band 1 by default; one band (grey or colour map) or three (RGB). */
export function tileBands(values: string | string[] | undefined, bandCount: number, withColormap: boolean): number[] {
  const bands = parseBands(values, bandCount) ?? [1];
  if (bands.length !== 1 && bands.length !== 3) throw detailError(400, `bidx: a tile shows one band or three (RGB), not ${bands.length}.`);
  if (withColormap && bands.length !== 1) throw detailError(400, 'colormap_name applies to a single band (bidx).');
  return bands;
}

/** The last path segment of a tile URL: `{y}`, `{y}@{scale}x`, with an optional `.png` (TiTiler's forms). */
export function parseTileRow(segment: string): { y: number; scale: number } {
  const match = /^(\d+)(?:@([12])x)?(?:\.(\w+))?$/.exec(segment);
  if (!match) throw detailError(400, `Invalid tile row "${segment}": expected {y}, {y}@1x, {y}.png or {y}@1x.png.`);
  if (match[3] !== undefined && match[3].toLowerCase() !== 'png') throw detailError(400, `Tile format "${match[3]}" is not served: only png.`);
  return { y: Number(match[1]), scale: Number(match[2] ?? 1) };
}
