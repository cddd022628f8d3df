import { INVALID_COORDINATE } from '@asb/contracts';
import { describe, expect, it } from 'vitest';
import {
  bboxErrors,
  boundsOf,
  canSearch,
  EMPTY_BBOX,
  fieldsOf,
  hasNextPage,
  itemsQuery,
  pageText,
  SOUTH_ABOVE_NORTH,
  type SearchCriteria,
} from './search-form';

const criteria: SearchCriteria = {
  collection: 'demo-scenes',
  start: '2024-01-01',
  end: '2024-02-01',
  bbox: { west: '4.2', south: '50.8', east: '5.1', north: '51.4' },
  limit: 10,
};

describe('the bounding box fields', () => {
  it("says 'Please define a valid coordinate value.' for a latitude beyond ±90, a longitude beyond ±180 or a non-decimal", () => {
    expect(bboxErrors({ west: '-181', south: '91', east: '1e3', north: '12.' })).toEqual({
      west: INVALID_COORDINATE,
      south: INVALID_COORDINATE,
      east: INVALID_COORDINATE,
      north: INVALID_COORDINATE,
    });
    expect(bboxErrors({ west: '-180', south: '-90', east: '180', north: '90' })).toEqual({});
  });

  it('leaves empty fields without an error, but no box', () => {
    expect(bboxErrors(EMPTY_BBOX)).toEqual({});
    expect(boundsOf({ ...criteria.bbox, north: '' })).toBeUndefined();
  });

  it('refuses south above north, and lets west exceed east (a box across the antimeridian)', () => {
    expect(bboxErrors({ west: '170', south: '10', east: '-170', north: '5' })).toEqual({ north: SOUTH_ABOVE_NORTH });
    expect(boundsOf({ west: '170', south: '-10', east: '-170', north: '5' })).toEqual([170, -10, -170, 5]);
  });

  it('turns a drawn box into the four fields, to 4 decimals', () => {
    expect(fieldsOf([4.123456, 50.87654321, 5, -0.00001])).toEqual({ west: '4.1235', south: '50.8765', east: '5', north: '0' });
  });
});

describe('the search', () => {
  it('needs a start date, an end date, a collection and four valid coordinates', () => {
    expect(canSearch(criteria)).toBe(true);
    expect(canSearch({ ...criteria, start: null })).toBe(false);
    expect(canSearch({ ...criteria, end: null })).toBe(false);
    expect(canSearch({ ...criteria, collection: null })).toBe(false);
    expect(canSearch({ ...criteria, bbox: { ...criteria.bbox, east: '181' } })).toBe(false);
    expect(canSearch({ ...criteria, start: '2024-03-01' })).toBe(false);
  });

  it("asks with the spec's query: bbox left,top,right,bottom, datetime from T00:00:00Z to T00:00:00Z, limit, f, offset, type", () => {
    expect(itemsQuery(criteria, 20)).toEqual({
      bbox: '4.2,51.4,5.1,50.8',
      datetime: '2024-01-01T00:00:00Z/2024-02-01T00:00:00Z',
      limit: 10,
      f: 'json',
      offset: 20,
      type: 'dataset',
    });
  });

  it('pages by offset while products remain', () => {
    expect(pageText(10, 10, 42)).toBe('Showing 11–20 of 42');
    expect(pageText(0, 0, 0)).toBe('No products found');
    expect(hasNextPage(30, 10, 10, 42)).toBe(true);
    expect(hasNextPage(40, 10, 2, 42)).toBe(false);
    expect(hasNextPage(0, 10, 10, undefined)).toBe(true);
  });
});
