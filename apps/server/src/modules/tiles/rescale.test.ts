import { describe, expect, it } from 'vitest';
import { HttpError } from '../../platform/http/errors.js';
import { clipToByte, parseRescale, rescaleToByte } from './rescale.js';

describe('rescale', () => {
  it('parses one range for all bands or one per band', () => {
    expect(parseRescale(undefined, 1)).toBeUndefined();
    expect(parseRescale('-1.5,2e3', 1)).toEqual([{ min: -1.5, max: 2000 }]);
    expect(parseRescale('0,10', 3)).toEqual([
      { min: 0, max: 10 },
      { min: 0, max: 10 },
      { min: 0, max: 10 },
    ]);
    expect(parseRescale(['0,1', '0,2', '0,3'], 3)).toEqual([
      { min: 0, max: 1 },
      { min: 0, max: 2 },
      { min: 0, max: 3 },
    ]);
  });

  it.each([['1'], ['a,b'], ['1,2,3'], [',2'], [['0,1', '0,2']]])('refuses %j with 400', (value) => {
    expect(() => parseRescale(value, 3)).toThrow(HttpError);
  });

  it('stretches as rio-tiler does: clipped, linear, truncated', () => {
    const range = { min: 10, max: 20 };
    expect(rescaleToByte(5, range)).toBe(0);
    expect(rescaleToByte(10, range)).toBe(0);
    expect(rescaleToByte(15, range)).toBe(127);
    expect(rescaleToByte(19.99, range)).toBe(254);
    expect(rescaleToByte(20, range)).toBe(255);
    expect(rescaleToByte(1e9, range)).toBe(255);
    expect(rescaleToByte(3, { min: 3, max: 3 })).toBe(255);
    expect(rescaleToByte(2, { min: 3, max: 3 })).toBe(0);
  });

  it('clips to bytes without a rescale', () => {
    expect([-4, 0, 12.7, 255, 300].map(clipToByte)).toEqual([0, 0, 12, 255, 255]);
  });
});
