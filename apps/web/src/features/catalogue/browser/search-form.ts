import { coordinateError } from '@asb/contracts';

/** Spec 1 §9 catalogue browser constants. */
export const MAX_RESULTS = { min: 5, max: 10, step: 5, initial: 10 } as const;
export const FIRST_OFFSET = 0;
export const MAP_DEFAULT_ZOOM = 4;
export const MAX_FIT_ZOOM = 7;

/** Spec 1 §8 catalogue failures. */
export const COLLECTIONS_FAILED = 'Failed to fetch the available Catalogue collections';
export const SEARCH_FAILED = 'Failed to reach Catalogue';
export const SOUTH_ABOVE_NORTH = 'South must not be above north.';

export type Bounds = [west: number, south: number, east: number, north: number];

/** The four bounding-box fields as typed (decimal degrees). */
export interface BboxFields {
  west: string;
  south: string;
  east: string;
  north: string;
}

export const EMPTY_BBOX: BboxFields = { west: '', south: '', east: '', north: '' };

const AXIS: Record<keyof BboxFields, 'latitude' | 'longitude'> = { west: 'longitude', south: 'latitude', east: 'longitude', north: 'latitude' };

/**
 * Spec 1 §5: each coordinate a decimal, latitudes within ±90 and longitudes within ±180, else
 * 'Please define a valid coordinate value.' An empty field has no error yet (it only keeps the
 * search disabled); south above north is refused too (the catalogue answers it with a 400).
 * West may exceed east: such a box crosses the antimeridian.
 */
export function bboxErrors(fields: BboxFields): Partial<Record<keyof BboxFields, string>> {
  const errors: Partial<Record<keyof BboxFields, string>> = {};
  for (const key of Object.keys(AXIS) as (keyof BboxFields)[]) {
    if (fields[key].trim() === '') continue;
    const error = coordinateError(fields[key], AXIS[key]);
    if (error) errors[key] = error;
  }
  if (!errors.south && !errors.north && fields.south.trim() && fields.north.trim() && Number(fields.south) > Number(fields.north))
    errors.north = SOUTH_ABOVE_NORTH;
  return errors;
}

/** The box the fields describe, when all four are filled and valid. */
export function boundsOf(fields: BboxFields): Bounds | undefined {
  const filled = Object.values(fields).every((value) => value.trim() !== '');
  if (!filled || Object.keys(bboxErrors(fields)).length > 0) return undefined;
  return [Number(fields.west), Number(fields.south), Number(fields.east), Number(fields.north)];
}

/** A drawn box as the four fields, to 4 decimals (about 10 m). */
export function fieldsOf([west, south, east, north]: Bounds): BboxFields {
  const text = (value: number) => String(Math.round(value * 10_000) / 10_000);
  return { west: text(west), south: text(south), east: text(east), north: text(north) };
}

export interface SearchCriteria {
  collection: string | null;
  /** YYYY-MM-DD */
  start: string | null;
  end: string | null;
  bbox: BboxFields;
  limit: number;
}

/** Spec 1 §5: the search needs a start date, an end date, a selected collection and four valid coordinates. */
export function canSearch(criteria: SearchCriteria): boolean {
  return Boolean(criteria.collection && criteria.start && criteria.end && criteria.start <= criteria.end && boundsOf(criteria.bbox));
}

/**
 * Spec 1 §7: the query of GET /resource-catalogue/collections/{collection}/items — bbox in the
 * spec's order left,top,right,bottom, datetime 'start T00:00:00Z/end T00:00:00Z', limit,
 * f=json, offset, type=dataset.
 */
export function itemsQuery(criteria: SearchCriteria, offset: number): Record<string, string | number> {
  const bounds = boundsOf(criteria.bbox);
  if (!bounds || !criteria.start || !criteria.end) throw new Error('The search criteria are incomplete.');
  const [west, south, east, north] = bounds;
  return {
    bbox: [west, north, east, south].join(','),
    datetime: `${criteria.start}T00:00:00Z/${criteria.end}T00:00:00Z`,
    limit: criteria.limit,
    f: 'json',
    offset,
    type: 'dataset',
  };
}

/** The page the results are on, for 'Showing 11–20 of 42'. */
export function pageText(offset: number, returned: number, matched: number | undefined): string {
  if (returned === 0) return matched ? `No products on this page (${matched} matched)` : 'No products found';
  const range = `${offset + 1}–${offset + returned}`;
  return matched === undefined ? `Showing ${range}` : `Showing ${range} of ${matched}`;
}

/** Next is offered while products remain after this page. */
export function hasNextPage(offset: number, limit: number, returned: number, matched: number | undefined): boolean {
  return matched === undefined ? returned === limit : offset + returned < matched;
}
