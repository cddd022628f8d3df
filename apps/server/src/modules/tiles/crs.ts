import geokeysToProj4, { type GeoKeys } from 'geotiff-geokeys-to-proj4';
import proj4 from 'proj4';
import { lonLatToMercator, mercatorToLonLat } from './tile-math.js';

/** Raised when a file's coordinate reference system cannot be used (a 400 for the client). */
export class UnsupportedCrs extends Error {}

/**
 * A file's coordinate reference system, as the tile service needs it: from Web Mercator to
 * the file's coordinates (to find a tile pixel's source pixel) and from the file's
 * coordinates to longitude/latitude and Web Mercator (bounds). `kind` says whether the
 * mapping from Web Mercator is exact and separable (Web Mercator itself, WGS84
 * longitude/latitude) or a general projection that the renderer approximates on a grid.
 * Points without an image give NaN.
 */
export interface SourceCrs {
  readonly kind: 'mercator' | 'lonlat' | 'projected';
  readonly label: string;
  fromMercator(x: number, y: number): [number, number];
  toLonLat(x: number, y: number): [number, number];
  toMercator(x: number, y: number): [number, number];
}

type GeoKeyValues = Partial<Record<string, unknown>>;

const MERCATOR_CODES = new Set([3857, 900913, 3785, 102100, 102113]);
const USER_DEFINED = 32767;

/** The CRS of a GeoTIFF's geokeys (geotiff.js `image.getGeoKeys()`); UnsupportedCrs when it has none usable. */
export function crsFromGeoKeys(keys: GeoKeyValues | null): SourceCrs {
  if (!keys) throw new UnsupportedCrs('The file has no GeoKeyDirectory: it is not georeferenced.');
  const projected = Number(keys.ProjectedCSTypeGeoKey);
  if (MERCATOR_CODES.has(projected)) return MERCATOR;
  if (Number(keys.GTModelTypeGeoKey) === 2 && Number(keys.GeographicTypeGeoKey) === 4326) return LONLAT;
  return projectedCrs(keys, projected);
}

const MERCATOR: SourceCrs = {
  kind: 'mercator',
  label: 'EPSG:3857',
  fromMercator: (x, y) => [x, y],
  toLonLat: (x, y) => mercatorToLonLat(x, y),
  toMercator: (x, y) => [x, y],
};

const LONLAT: SourceCrs = {
  kind: 'lonlat',
  label: 'EPSG:4326',
  fromMercator: (x, y) => mercatorToLonLat(x, y),
  toLonLat: (x, y) => [x, y],
  toMercator: (x, y) => lonLatToMercator(x, y),
};

function projectedCrs(keys: GeoKeyValues, projected: number): SourceCrs {
  const parameters = geokeysToProj4.toProj4(keys as unknown as GeoKeys);
  if (!parameters.proj4 || Object.keys(parameters.errors ?? {}).length > 0) {
    throw new UnsupportedCrs(`The file's CRS is not supported (${JSON.stringify(parameters.errors ?? {})}).`);
  }
  let toMercator: proj4.Converter;
  let toLonLat: proj4.Converter;
  try {
    toMercator = proj4(parameters.proj4, 'EPSG:3857');
    toLonLat = proj4(parameters.proj4, 'WGS84');
  } catch (error) {
    throw new UnsupportedCrs(`The file's CRS is not supported: ${(error as Error).message}`);
  }
  // coordinates in other units than the projection's (feet, ...) are scaled first
  const scaleX = parameters.shouldConvertCoordinates ? parameters.coordinatesConversionParameters.x : 1;
  const scaleY = parameters.shouldConvertCoordinates ? parameters.coordinatesConversionParameters.y : 1;
  return {
    kind: 'projected',
    label: projected > 0 && projected !== USER_DEFINED ? `EPSG:${projected}` : parameters.proj4,
    fromMercator(x, y) {
      const [px, py] = safely(() => toMercator.inverse([x, y]));
      return [px / scaleX, py / scaleY];
    },
    toLonLat: (x, y) => safely(() => toLonLat.forward([x * scaleX, y * scaleY])),
    toMercator: (x, y) => safely(() => toMercator.forward([x * scaleX, y * scaleY])),
  };
}

function safely(project: () => number[]): [number, number] {
  try {
    const [x, y] = project();
    return Number.isFinite(x) && Number.isFinite(y) ? [x!, y!] : [NaN, NaN];
  } catch {
    return [NaN, NaN];
  }
}
