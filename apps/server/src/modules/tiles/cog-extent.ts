import { applyAffine, type Affine } from './affine.js';
import { UnsupportedCrs } from './crs.js';
import { zoomForResolution, type Box } from './tile-math.js';

/** Where a file lies on the map: its bounds in a CRS and TiTiler's zoom range. */

const EDGE_SAMPLES = 21;

/** The box of the raster's outline (21 points on each edge) mapped by `project`. */
export function boundsIn(transform: Affine, width: number, height: number, project: (x: number, y: number) => [number, number]): Box {
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (let step = 0; step < EDGE_SAMPLES; step++) {
    const t = step / (EDGE_SAMPLES - 1);
    for (const [column, row] of [
      [t * width, 0],
      [t * width, height],
      [0, t * height],
      [width, t * height],
    ] as const) {
      const [x, y] = project(...applyAffine(transform, column, row));
      if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
      box.minX = Math.min(box.minX, x);
      box.minY = Math.min(box.minY, y);
      box.maxX = Math.max(box.maxX, x);
      box.maxY = Math.max(box.maxY, y);
    }
  }
  if (!Number.isFinite(box.minX)) throw new UnsupportedCrs('The file lies nowhere on the Web Mercator map.');
  return box;
}

/**
 * TiTiler's zoom range of a file: maxzoom is the zoom nearest the file's own resolution in
 * Web Mercator (GDAL's suggested warp output: the diagonal kept in pixels), minzoom that of
 * the overview level at which the file fits a tile (rio-tiler's get_zooms).
 */
export function zoomRange(bounds: Box, width: number, height: number): { minzoom: number; maxzoom: number } {
  const spanX = bounds.maxX - bounds.minX;
  const spanY = bounds.maxY - bounds.minY;
  const resolution = Math.hypot(spanX, spanY) / Math.hypot(width, height);
  const outWidth = spanX / resolution;
  const outHeight = spanY / resolution;
  let factor = 1;
  while (Math.min(Math.floor(outWidth / factor), Math.floor(outHeight / factor)) > 256) factor *= 2;
  const maxzoom = zoomForResolution(resolution);
  return { minzoom: Math.min(maxzoom, zoomForResolution(resolution * factor)), maxzoom };
}
