import type { Affine } from './affine.js';
import { boxesIntersect, type Box } from './tile-math.js';

/** Maps a Web Mercator point to a fractional full-resolution pixel position of the file (NaN: none). */
export type PixelMapping = (x: number, y: number) => [number, number];

/** Where each pixel of a square tile falls in the file: fractional full-resolution pixel positions, row by row. */
export interface TilePositions {
  x: Float64Array;
  y: Float64Array;
}

/** Exact positions at the corners of square cells of `step` tile pixels (the approximate transformer's anchors). */
export interface NodeGrid {
  step: number;
  /** nodes per side: size / step + 1 */
  nodes: number;
  x: Float64Array;
  y: Float64Array;
}

/** Pixels between exact transforms, as GDAL's approximate transformer's initial span. */
const GRID_STEP = 16;

/** The exact positions of the grid nodes (tile pixel edges 0, step, …, size) over `bounds`. */
export function nodeGrid(bounds: Box, size: number, map: PixelMapping, step = GRID_STEP): NodeGrid {
  const nodes = size / step + 1;
  const resolution = (bounds.maxX - bounds.minX) / size;
  const x = new Float64Array(nodes * nodes);
  const y = new Float64Array(nodes * nodes);
  for (let row = 0; row < nodes; row++) {
    for (let column = 0; column < nodes; column++) {
      const [px, py] = map(bounds.minX + column * step * resolution, bounds.maxY - row * step * resolution);
      x[row * nodes + column] = px;
      y[row * nodes + column] = py;
    }
  }
  return { step, nodes, x, y };
}

/**
 * Full-resolution file pixels per tile pixel at the Web Mercator point (x, y), for tile
 * pixels of `resolution` metres: measured over `step` pixels across and down, the finer of
 * the two. What picks the overview level, as gdalwarp's target ratio does. Infinity when the
 * point has no position in the file.
 */
export function scaleAt(map: PixelMapping, x: number, y: number, resolution: number, step = GRID_STEP): number {
  const distance = step * resolution;
  const [x0, y0] = map(x, y);
  const [x1, y1] = map(x + distance, y);
  const [x2, y2] = map(x, y - distance);
  const across = Math.hypot(x1 - x0, y1 - y0) / step;
  const down = Math.hypot(x2 - x0, y2 - y0) / step;
  const scale = Math.min(across, down);
  return Number.isFinite(scale) ? scale : Infinity;
}

/**
 * Every tile pixel's position, interpolated bilinearly inside each grid cell from its exact
 * corners, like GDAL's approximate transformer: a cell whose centre, transformed exactly,
 * lies more than `threshold` full-resolution pixels from the interpolated one (or with a
 * corner off the map) is transformed exactly pixel by pixel instead. Cells outside `clip`
 * (the file's box) are left without positions (NaN).
 */
export function interpolatedPositions(grid: NodeGrid, bounds: Box, size: number, map: PixelMapping, threshold: number, clip?: Box): TilePositions {
  const out: TilePositions = { x: new Float64Array(size * size).fill(NaN), y: new Float64Array(size * size).fill(NaN) };
  const cells = grid.nodes - 1;
  const span = ((bounds.maxX - bounds.minX) / size) * grid.step;
  for (let cellRow = 0; cellRow < cells; cellRow++) {
    for (let cellColumn = 0; cellColumn < cells; cellColumn++) {
      const cell = {
        minX: bounds.minX + cellColumn * span,
        maxX: bounds.minX + (cellColumn + 1) * span,
        minY: bounds.maxY - (cellRow + 1) * span,
        maxY: bounds.maxY - cellRow * span,
      };
      // off the file: no transform at all (far from a projection's domain they are slow, and meaningless)
      if (clip && !boxesIntersect(cell, clip)) continue;
      if (cellIsLinear(grid, bounds, size, map, cellColumn, cellRow, threshold)) fillBilinear(out, grid, size, cellColumn, cellRow);
      else fillExact(out, bounds, size, map, cellColumn * grid.step, cellRow * grid.step, grid.step);
    }
  }
  return out;
}

function cellIsLinear(grid: NodeGrid, bounds: Box, size: number, map: PixelMapping, cellColumn: number, cellRow: number, threshold: number): boolean {
  const { nodes, x, y, step } = grid;
  const corners = [cellRow * nodes + cellColumn, cellRow * nodes + cellColumn + 1, (cellRow + 1) * nodes + cellColumn, (cellRow + 1) * nodes + cellColumn + 1];
  if (corners.some((corner) => !Number.isFinite(x[corner]!) || !Number.isFinite(y[corner]!))) return false;
  const resolution = (bounds.maxX - bounds.minX) / size;
  const [cx, cy] = map(bounds.minX + (cellColumn + 0.5) * step * resolution, bounds.maxY - (cellRow + 0.5) * step * resolution);
  const meanX = corners.reduce((sum, corner) => sum + x[corner]!, 0) / 4;
  const meanY = corners.reduce((sum, corner) => sum + y[corner]!, 0) / 4;
  return Math.abs(cx - meanX) <= threshold && Math.abs(cy - meanY) <= threshold;
}

function fillBilinear(out: TilePositions, grid: NodeGrid, size: number, cellColumn: number, cellRow: number): void {
  const { nodes, x, y, step } = grid;
  const topLeft = cellRow * nodes + cellColumn;
  const [x00, x10, x01, x11] = [x[topLeft]!, x[topLeft + 1]!, x[topLeft + nodes]!, x[topLeft + nodes + 1]!];
  const [y00, y10, y01, y11] = [y[topLeft]!, y[topLeft + 1]!, y[topLeft + nodes]!, y[topLeft + nodes + 1]!];
  for (let j = 0; j < step; j++) {
    const fy = (j + 0.5) / step;
    // the cell's left and right edges at this row, then along the row
    const leftX = x00 + (x01 - x00) * fy;
    const rightX = x10 + (x11 - x10) * fy;
    const leftY = y00 + (y01 - y00) * fy;
    const rightY = y10 + (y11 - y10) * fy;
    const rowStart = (cellRow * step + j) * size + cellColumn * step;
    for (let i = 0; i < step; i++) {
      const fx = (i + 0.5) / step;
      out.x[rowStart + i] = leftX + (rightX - leftX) * fx;
      out.y[rowStart + i] = leftY + (rightY - leftY) * fx;
    }
  }
}

function fillExact(out: TilePositions, bounds: Box, size: number, map: PixelMapping, left: number, top: number, span: number): void {
  const resolution = (bounds.maxX - bounds.minX) / size;
  for (let row = top; row < top + span; row++) {
    for (let column = left; column < left + span; column++) {
      const [px, py] = map(bounds.minX + (column + 0.5) * resolution, bounds.maxY - (row + 0.5) * resolution);
      out.x[row * size + column] = px;
      out.y[row * size + column] = py;
    }
  }
}

/**
 * Every tile pixel's position, exactly, when the file's coordinates along one axis depend on
 * the tile's x only and along the other on y only (Web Mercator, WGS84 longitude/latitude):
 * `column(x)` and `row(y)` map to the file's coordinates, `inverse` is the inverse
 * geotransform. 2 × size coordinate transforms instead of size².
 */
export function separablePositions(bounds: Box, size: number, column: (x: number) => number, row: (y: number) => number, inverse: Affine): TilePositions {
  const [ox, a, b, oy, d, e] = inverse;
  const resolution = (bounds.maxX - bounds.minX) / size;
  const xs = Float64Array.from({ length: size }, (_, index) => column(bounds.minX + (index + 0.5) * resolution));
  const ys = Float64Array.from({ length: size }, (_, index) => row(bounds.maxY - (index + 0.5) * resolution));
  const out: TilePositions = { x: new Float64Array(size * size), y: new Float64Array(size * size) };
  for (let j = 0; j < size; j++) {
    const y = ys[j]!;
    for (let i = 0; i < size; i++) {
      const x = xs[i]!;
      out.x[j * size + i] = ox + a * x + b * y;
      out.y[j * size + i] = oy + d * x + e * y;
    }
  }
  return out;
}

/**
 * Drops the positions of tile pixels outside `clip` (Web Mercator metres): a projection
 * evaluated far outside its domain may fold points from the other side of the world back
 * onto the file, which must not show there.
 */
export function clipPositions(positions: TilePositions, bounds: Box, size: number, clip: Box): void {
  const resolution = (bounds.maxX - bounds.minX) / size;
  for (let row = 0; row < size; row++) {
    const y = bounds.maxY - (row + 0.5) * resolution;
    const rowOutside = y < clip.minY || y > clip.maxY;
    for (let column = 0; column < size; column++) {
      const x = bounds.minX + (column + 0.5) * resolution;
      if (rowOutside || x < clip.minX || x > clip.maxX) {
        positions.x[row * size + column] = NaN;
        positions.y[row * size + column] = NaN;
      }
    }
  }
}
