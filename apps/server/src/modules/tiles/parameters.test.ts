import { describe, expect, it } from 'vitest';
import { HttpError } from '../../platform/http/errors.js';
import { parseBands, parseTileRow, tileBands } from './parameters.js';

describe('tile request parameters', () => {
  it('reads bidx repeated or comma separated, within the band count', () => {
    expect(parseBands(undefined, 3)).toBeUndefined();
    expect(parseBands(['1', '3'], 3)).toEqual([1, 3]);
    expect(parseBands('3,2,1', 3)).toEqual([3, 2, 1]);
    for (const bad of ['0', '4', '1.5', 'x']) expect(() => parseBands(bad, 3)).toThrow(HttpError);
  });

  it('shows band 1 by default, one band or three, a colour map only on one', () => {
    expect(tileBands(undefined, 4, false)).toEqual([1]);
    expect(tileBands(['1', '2', '3'], 4, false)).toEqual([1, 2, 3]);
    expect(() => tileBands(['1', '2'], 4, false)).toThrow(HttpError);
    expect(() => tileBands(['1', '2', '3'], 4, true)).toThrow(HttpError);
  });

  it.each([
    ['7', { y: 7, scale: 1 }],
    ['7@1x', { y: 7, scale: 1 }],
    ['7.png', { y: 7, scale: 1 }],
    ['7@1x.png', { y: 7, scale: 1 }],
    ['7@2x.png', { y: 7, scale: 2 }],
  ])('reads the tile row %j', (segment, expected) => {
    expect(parseTileRow(segment)).toEqual(expected);
  });

  it.each(['7@3x', '7.jpg', 'x', '-1', '7@1x.webp'])('refuses the tile row %j with 400', (segment) => {
    expect(() => parseTileRow(segment)).toThrow(HttpError);
  });
});
