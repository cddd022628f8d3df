import { detailError } from '../../platform/http/errors.js';

/**
 * The colour maps `colormap_name` may name (matplotlib's, as rio-tiler ships them), each as
 * evenly spaced stops interpolated linearly into a 256-entry table. Greys and RdYlGn are
 * exact (matplotlib builds them from these ColorBrewer stops); viridis is approximated by
 * 9 of its 256 colours (off by a few units at most). `_r` reverses a map.
 */
const STOPS: Record<string, string[]> = {
  viridis: ['440154', '472d7b', '3b528b', '2c728e', '21908c', '27ad81', '5dc863', 'aadc32', 'fde725'],
  greys: ['ffffff', 'f0f0f0', 'd9d9d9', 'bdbdbd', '969696', '737373', '525252', '252525', '000000'],
  rdylgn: ['a50026', 'd73027', 'f46d43', 'fdae61', 'fee08b', 'ffffbf', 'd9ef8b', 'a6d96a', '66bd63', '1a9850', '006837'],
};

/** The names a client may use (each also with `_r`). */
export const COLORMAP_NAMES = Object.keys(STOPS);

const tables = new Map<string, Uint8Array>();

/**
 * The RGBA table (256 × 4 bytes, alpha 255) of a colour map name, case-insensitive;
 * 400 for a name this service does not know.
 */
export function colormapTable(name: string): Uint8Array {
  const key = name.trim().toLowerCase();
  const cached = tables.get(key);
  if (cached) return cached;
  const reversed = key.endsWith('_r');
  const base = reversed ? key.slice(0, -2) : key;
  // own names only: '__proto__' or 'constructor' must not find Object's
  const stops = Object.hasOwn(STOPS, base) ? STOPS[base] : undefined;
  if (!stops) {
    throw detailError(400, `Unknown colormap_name "${name}": use one of ${COLORMAP_NAMES.flatMap((n) => [n, `${n}_r`]).join(', ')}.`);
  }
  const table = buildTable(reversed ? [...stops].reverse() : stops);
  tables.set(key, table);
  return table;
}

function buildTable(stops: string[]): Uint8Array {
  const colours = stops.map((hex) => [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16)));
  const table = new Uint8Array(256 * 4);
  const segments = colours.length - 1;
  for (let index = 0; index < 256; index++) {
    const position = (index / 255) * segments;
    const lower = Math.min(Math.floor(position), segments - 1);
    const fraction = position - lower;
    for (let channel = 0; channel < 3; channel++) {
      const from = colours[lower]![channel]!;
      const to = colours[lower + 1]![channel]!;
      table[index * 4 + channel] = Math.round(from + (to - from) * fraction);
    }
    table[index * 4 + 3] = 255;
  }
  return table;
}
