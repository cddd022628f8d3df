import { describe, expect, it } from 'vitest';
import { HttpError } from '../../platform/http/errors.js';
import { colormapTable, COLORMAP_NAMES } from './colormap.js';

const rgba = (table: Uint8Array, index: number) => [...table.slice(index * 4, index * 4 + 4)];

describe('colour maps', () => {
  it('offers viridis, greys and rdylgn', () => {
    expect(COLORMAP_NAMES).toEqual(['viridis', 'greys', 'rdylgn']);
  });

  it('builds 256-entry opaque tables with matplotlib end points', () => {
    const viridis = colormapTable('viridis');
    expect(viridis).toHaveLength(1024);
    expect(rgba(viridis, 0)).toEqual([68, 1, 84, 255]);
    expect(rgba(viridis, 255)).toEqual([253, 231, 37, 255]);
    // matplotlib: viridis(128/255) = (33, 145, 140)
    rgba(viridis, 128)
      .slice(0, 3)
      .forEach((value, channel) => expect(Math.abs(value - [33, 145, 140][channel]!)).toBeLessThanOrEqual(3));
    expect(rgba(colormapTable('greys'), 0)).toEqual([255, 255, 255, 255]);
    expect(rgba(colormapTable('greys'), 255)).toEqual([0, 0, 0, 255]);
    expect(rgba(colormapTable('RdYlGn'), 0)).toEqual([165, 0, 38, 255]);
    expect(rgba(colormapTable('rdylgn'), 255)).toEqual([0, 104, 55, 255]);
  });

  it('reverses a map with _r', () => {
    const table = colormapTable('viridis');
    const reversed = colormapTable('viridis_r');
    for (const index of [0, 77, 200, 255]) expect(rgba(reversed, index)).toEqual(rgba(table, 255 - index));
  });

  it('refuses an unknown name with 400', () => {
    expect(() => colormapTable('jet')).toThrow(HttpError);
    // the names of Object's own properties are not colour maps either
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty_r']) expect(() => colormapTable(name)).toThrow(/Unknown colormap_name/);
  });
});
