import { HttpError, validationErrors } from '../../platform/http/errors.js';

/**
 * The catalogue's geometry and time arithmetic (docs/catalogue.md "Spatial search"): boxes
 * and polygons in PostgreSQL's built-in geometric types (in PGlite too), the antimeridian,
 * and the parsing of bbox and datetime values. Pure functions: the repository binds their
 * results as parameters.
 */

/** [west, south, east, north]; west > east crosses the antimeridian. */
export type Bbox = [number, number, number, number];

/**
 * A request value that is wrong: a 400 whose message names the parameter (a query
 * parameter, a body field, or a JSON pointer into the body when it starts with "/").
 */
export class CatalogueInputError extends HttpError {
  constructor(
    readonly parameter: string,
    message: string,
  ) {
    const field = parameter.startsWith('/') ? parameter.split('/')[1] : parameter;
    const problem = parameter.startsWith('/') ? { detail: message, pointer: parameter, field } : { detail: message, parameter, field };
    super(400, validationErrors([problem]).body, message);
  }
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * A bbox of 4 or 6 numbers (with heights: [w, s, zmin, e, n, zmax]) checked: longitudes in
 * -180..180, latitudes in -90..90, south not above north.
 */
export function checkBbox(values: readonly unknown[], parameter = 'bbox'): Bbox {
  if ((values.length !== 4 && values.length !== 6) || !values.every(isNumber)) {
    throw new CatalogueInputError(parameter, `${parameter} must be 4 numbers (west, south, east, north) or 6 (with the lowest and highest height).`);
  }
  const numbers = values;
  const [west, south, east, north] = numbers.length === 6 ? [numbers[0]!, numbers[1]!, numbers[3]!, numbers[4]!] : (numbers as Bbox);
  for (const lon of [west, east]) {
    if (lon < -180 || lon > 180) throw new CatalogueInputError(parameter, `${parameter}: longitude ${lon} is outside -180..180.`);
  }
  for (const lat of [south, north]) {
    if (lat < -90 || lat > 90) throw new CatalogueInputError(parameter, `${parameter}: latitude ${lat} is outside -90..90.`);
  }
  if (south > north) throw new CatalogueInputError(parameter, `${parameter} is inverted: south (${south}) is above north (${north}).`);
  return [west, south, east, north];
}

/** `"w,s,e,n"` of a query. */
export function parseBboxText(text: string, parameter = 'bbox'): Bbox {
  const parts = text.split(',').map((part) => (part.trim() === '' ? NaN : Number(part)));
  return checkBbox(parts, parameter);
}

/** The boxes of a bbox: one, or two when it crosses the antimeridian (east of it, then west). */
export function splitBbox([west, south, east, north]: Bbox): Bbox[] {
  if (west <= east) return [[west, south, east, north]];
  return [
    [west, south, 180, north],
    [-180, south, east, north],
  ];
}

/** A `box` literal: `(east,north),(west,south)`. */
export function boxLiteral([west, south, east, north]: Bbox): string {
  return `(${east},${north}),(${west},${south})`;
}

/** A `polygon` literal of a ring of [lon, lat] positions. */
function polygonLiteral(ring: readonly (readonly number[])[]): string {
  return `(${ring.map(([x, y]) => `(${x},${y})`).join(',')})`;
}

/** A `polygon[]` literal (array of polygon literals, each quoted). */
export function polygonArrayLiteral(polygons: readonly string[]): string {
  return `{${polygons.map((polygon) => `"${polygon}"`).join(',')}}`;
}

const boxPolygon = ([west, south, east, north]: Bbox): string =>
  polygonLiteral([
    [west, south],
    [east, south],
    [east, north],
    [west, north],
  ]);

type Position = number[];

function positionsOf(geometry: Record<string, unknown>): Position[] {
  const out: Position[] = [];
  const walk = (value: unknown): void => {
    if (!Array.isArray(value)) return;
    if (value.length >= 2 && isNumber(value[0]) && isNumber(value[1])) {
      out.push(value as Position);
      return;
    }
    for (const item of value) walk(item);
  };
  if (geometry.type === 'GeometryCollection' && Array.isArray(geometry.geometries)) {
    for (const part of geometry.geometries) if (part && typeof part === 'object') out.push(...positionsOf(part as Record<string, unknown>));
  } else {
    walk(geometry.coordinates);
  }
  return out;
}

/**
 * A GeoJSON geometry checked enough to index it: a known type, positions of numbers in
 * range. Throws naming `parameter`.
 */
export function checkGeometry(geometry: unknown, parameter: string): Record<string, unknown> {
  const types = ['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon', 'GeometryCollection'];
  if (!geometry || typeof geometry !== 'object' || !types.includes(String((geometry as { type?: unknown }).type))) {
    throw new CatalogueInputError(parameter, `${parameter} must be a GeoJSON geometry (${types.join(', ')}).`);
  }
  const value = geometry as Record<string, unknown>;
  const positions = positionsOf(value);
  if (positions.length === 0) throw new CatalogueInputError(parameter, `${parameter} has no coordinates.`);
  for (const [lon, lat] of positions) {
    if (lon! < -180 || lon! > 180 || lat! < -90 || lat! > 90) {
      throw new CatalogueInputError(parameter, `${parameter}: position [${lon}, ${lat}] is outside -180..180, -90..90.`);
    }
  }
  return value;
}

/** The planar bbox of a geometry's positions. */
export function geometryBbox(geometry: Record<string, unknown>): Bbox {
  const positions = positionsOf(geometry);
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lon, lat] of positions) {
    west = Math.min(west, lon!);
    east = Math.max(east, lon!);
    south = Math.min(south, lat!);
    north = Math.max(north, lat!);
  }
  return [west, south, east, north];
}

/**
 * The outer rings of a Polygon or MultiPolygon as `polygon` literals, for the exact test;
 * undefined for other types (their box is the test) and for a ring spanning more than 180°
 * of longitude (a polygon drawn across the antimeridian is not planar: its boxes decide).
 * Holes are not kept: a box inside a hole still matches.
 */
export function footprintPolygons(geometry: Record<string, unknown> | null | undefined): string[] | undefined {
  if (!geometry) return undefined;
  const rings: Position[][] = [];
  if (geometry.type === 'Polygon' && Array.isArray(geometry.coordinates)) rings.push(geometry.coordinates[0] as Position[]);
  else if (geometry.type === 'MultiPolygon' && Array.isArray(geometry.coordinates)) {
    for (const polygon of geometry.coordinates as Position[][][]) rings.push(polygon[0]!);
  } else if (geometry.type === 'Point' && Array.isArray(geometry.coordinates)) {
    rings.push([geometry.coordinates as Position]);
  } else return undefined;
  if (rings.some((ring) => !Array.isArray(ring) || ring.length === 0)) return undefined;
  for (const ring of rings) {
    const lons = ring.map(([lon]) => lon!);
    if (Math.max(...lons) - Math.min(...lons) > 180) return undefined;
  }
  return rings.map((ring) => polygonLiteral(ring));
}

/** What a spatial condition tests: boxes for the indexed prefilter, polygons (when known) for the exact test. */
export interface SpatialQuery {
  boxes: Bbox[];
  polygons?: string[];
}

export function spatialOfBbox(bbox: Bbox): SpatialQuery {
  const boxes = splitBbox(bbox);
  return { boxes, polygons: boxes.map(boxPolygon) };
}

export function spatialOfGeometry(geometry: Record<string, unknown>): SpatialQuery {
  const polygons = footprintPolygons(geometry);
  const bbox = geometryBbox(geometry);
  return polygons ? { boxes: [bbox], polygons } : { boxes: [bbox] };
}

// ---- time

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** An RFC 3339 date-time (or, with `dates`, a full date), checked field by field; undefined if malformed. */
export function parseInstant(text: string, options: { dates?: 'start' | 'end' } = {}): Date | undefined {
  const full = DATE_TIME.exec(text);
  const date = full ?? (options.dates ? DATE.exec(text) : null);
  if (!date) return undefined;
  const [year, month, day] = [Number(date[1]), Number(date[2]), Number(date[3])];
  if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return undefined;
  if (full && (Number(full[4]) > 23 || Number(full[5]) > 59 || Number(full[6]) > 60)) return undefined;
  if (!full) {
    const start = Date.UTC(year, month - 1, day);
    return new Date(options.dates === 'end' ? start + 86_400_000 - 1 : start);
  }
  const parsed = new Date(text.replace(' ', 'T'));
  return Number.isNaN(parsed.getTime()) ? undefined : parsed;
}

/** An interval with either end open (null). */
export interface Interval {
  start: Date | null;
  end: Date | null;
}

const isOpen = (text: string) => text === '' || text === '..';

/**
 * A STAC `datetime` value: an instant, or `start/end` with `..` or nothing for an open end
 * (not both). Throws naming `parameter`.
 */
export function parseDatetime(text: string, parameter = 'datetime', options: { dates?: boolean } = {}): Interval {
  const value = text.trim();
  const parts = value.split('/');
  const malformed = () =>
    new CatalogueInputError(parameter, `${parameter} "${text}" is not an RFC 3339 date-time or an interval start/end (.. for an open end).`);
  if (parts.length > 2) throw malformed();
  if (parts.length === 1) {
    const instant = parseInstant(value, options.dates ? { dates: 'start' } : {});
    if (!instant) throw malformed();
    const end = options.dates && DATE.test(value) ? parseInstant(value, { dates: 'end' })! : instant;
    return { start: instant, end };
  }
  const [startText, endText] = [parts[0]!.trim(), parts[1]!.trim()];
  if (isOpen(startText) && isOpen(endText)) throw new CatalogueInputError(parameter, `${parameter}: an interval needs at least one closed end.`);
  const start = isOpen(startText) ? null : (parseInstant(startText, options.dates ? { dates: 'start' } : {}) ?? null);
  const end = isOpen(endText) ? null : (parseInstant(endText, options.dates ? { dates: 'end' } : {}) ?? null);
  if ((!isOpen(startText) && !start) || (!isOpen(endText) && !end)) throw malformed();
  if (start && end && start > end) throw new CatalogueInputError(parameter, `${parameter}: the start ${startText} is after the end ${endText}.`);
  return { start, end };
}
