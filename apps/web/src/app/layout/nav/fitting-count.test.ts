import { describe, expect, it } from 'vitest';
import { fittingCount } from './fitting-count';

describe('fittingCount', () => {
  const widths = [100, 80, 120, 90];

  it('shows every entry when the row has room for all of them', () => {
    expect(fittingCount(widths, 420, 70, 4)).toBe(4);
    expect(fittingCount(widths, 402, 70, 4)).toBe(4);
  });

  it("keeps room for 'More' when some entries do not fit", () => {
    // 100 + 4 + 80 + 4 + 120 = 308, + 4 + 70 = 382
    expect(fittingCount(widths, 401, 70, 4)).toBe(3);
    expect(fittingCount(widths, 382, 70, 4)).toBe(3);
    expect(fittingCount(widths, 381, 70, 4)).toBe(2);
  });

  it("puts everything in 'More' when not even one entry fits beside it", () => {
    expect(fittingCount(widths, 150, 70, 4)).toBe(0);
  });

  it('shows every entry before anything is measured', () => {
    expect(fittingCount(widths, 0, 70, 4)).toBe(4);
  });
});
