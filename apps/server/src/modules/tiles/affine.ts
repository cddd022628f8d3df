/**
 * A GDAL-ordered geotransform `[originX, a, b, originY, d, e]`: world x = originX + a·col +
 * b·row, world y = originY + d·col + e·row, for pixel coordinates whose (0, 0) is the
 * top-left corner of the top-left pixel.
 */
export type Affine = readonly [number, number, number, number, number, number];

/** The tags a GeoTIFF places its pixels with (geotiff.js's file directory values). */
export interface GeoreferencingTags {
  ModelTransformation?: ArrayLike<number>;
  ModelTiepoint?: ArrayLike<number>;
  ModelPixelScale?: ArrayLike<number>;
  /** GTRasterTypeGeoKey: 1 = PixelIsArea (default), 2 = PixelIsPoint */
  rasterType?: number;
}

/**
 * The geotransform of a GeoTIFF, as GDAL reads it: ModelTransformation, or the first tie
 * point with the pixel scale; PixelIsPoint files are shifted by half a pixel (GDAL's default,
 * GTIFF_POINT_GEO_IGNORE=NO). Undefined when the file is not georeferenced.
 */
export function geotransformOf(tags: GeoreferencingTags): Affine | undefined {
  let transform: Affine | undefined;
  const matrix = tags.ModelTransformation;
  const tie = tags.ModelTiepoint;
  const scale = tags.ModelPixelScale;
  if (matrix && matrix.length >= 8) {
    transform = [matrix[3]!, matrix[0]!, matrix[1]!, matrix[7]!, matrix[4]!, matrix[5]!];
  } else if (tie && tie.length >= 6 && scale && scale.length >= 2) {
    const [column, row, , x, y] = [tie[0]!, tie[1]!, tie[2]!, tie[3]!, tie[4]!];
    transform = [x - column * scale[0]!, scale[0]!, 0, y + row * scale[1]!, 0, -scale[1]!];
  }
  if (!transform || tags.rasterType !== 2) return transform;
  const [ox, a, b, oy, d, e] = transform;
  return [ox - 0.5 * a - 0.5 * b, a, b, oy - 0.5 * d - 0.5 * e, d, e];
}

/** The inverse transform (world → pixel); throws for a degenerate one. */
export function invertAffine([ox, a, b, oy, d, e]: Affine): Affine {
  const determinant = a * e - b * d;
  if (determinant === 0 || !Number.isFinite(determinant)) throw new Error('The geotransform cannot be inverted.');
  const ia = e / determinant;
  const ib = -b / determinant;
  const id = -d / determinant;
  const ie = a / determinant;
  return [-(ia * ox + ib * oy), ia, ib, -(id * ox + ie * oy), id, ie];
}

/** The world position of a pixel position (or the pixel position of a world one, with the inverse). */
export function applyAffine([ox, a, b, oy, d, e]: Affine, x: number, y: number): [number, number] {
  return [ox + a * x + b * y, oy + d * x + e * y];
}
