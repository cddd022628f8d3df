import { describe, expect, it } from 'vitest';
import { fitExtent } from './map-preview';

describe('fitExtent', () => {
  it('widens the bounds by 10% of their size on each side', () => {
    const [west, south, east, north] = fitExtent([4, 51, 5, 52]);
    expect(west).toBeCloseTo(3.9);
    expect(south).toBeCloseTo(50.9);
    expect(east).toBeCloseTo(5.1);
    expect(north).toBeCloseTo(52.1);
  });

  it('stays within ±180 and ±90', () => {
    expect(fitExtent([-180, -90, 180, 90])).toEqual([-180, -90, 180, 90]);
    expect(fitExtent([170, 80, 179, 89])).toEqual([169.1, 79.1, 179.9, 89.9].map((value) => expect.closeTo(value, 6)));
    const [west, south, east, north] = fitExtent([-179, -89, -100, 10]);
    expect(west).toBe(-180);
    expect(south).toBe(-90);
    expect(east).toBeCloseTo(-92.1);
    expect(north).toBeCloseTo(19.9);
  });
});
