/**
 * How many of the navigation's entries, in order, fit in `available` pixels: all of them when
 * they do; else as many as leave room for the 'More' menu that takes the rest. Nothing measured
 * yet (`available` 0: the first render, or a test without layout) shows them all.
 */
export function fittingCount(widths: readonly number[], available: number, moreWidth: number, gap: number): number {
  if (available <= 0) return widths.length;
  const rowWidth = (count: number) => widths.slice(0, count).reduce((sum, width) => sum + width, 0) + gap * Math.max(count - 1, 0);
  if (rowWidth(widths.length) <= available) return widths.length;
  for (let count = widths.length - 1; count > 0; count--) {
    if (rowWidth(count) + gap + moreWidth <= available) return count;
  }
  return 0;
}
