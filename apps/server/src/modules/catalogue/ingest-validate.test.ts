import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateStac } from './ingest-validate.js';
import { testdata } from '../../../test/helpers/testdata.js';

/** The STAC specification's own examples (../shared/testdata/stac, Apache-2.0). */
const EXAMPLES = testdata('stac');
const example = (name: string) => JSON.parse(fs.readFileSync(path.join(EXAMPLES, name), 'utf8')) as Record<string, unknown>;

const item = (overrides: Record<string, unknown> = {}) => ({
  type: 'Feature',
  stac_version: '1.0.0',
  id: 'scene-1',
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [10, 45],
        [11, 45],
        [11, 46],
        [10, 46],
        [10, 45],
      ],
    ],
  },
  bbox: [10, 45, 11, 46],
  properties: { datetime: '2024-01-10T10:00:00Z' },
  links: [],
  assets: { data: { href: 'https://example.com/scene-1.tif' } },
  ...overrides,
});

describe('STAC core validation', () => {
  it.each([
    ['catalog.json', 'Catalog'],
    ['collection.json', 'Collection'],
    ['collection-only/collection.json', 'Collection'],
    ['collection-only/collection-with-schemas.json', 'Collection'],
    ['extensions-collection/collection.json', 'Collection'],
    ['simple-item.json', 'Feature'],
    ['core-item.json', 'Feature'],
    ['extended-item.json', 'Feature'],
    ['collectionless-item.json', 'Feature'],
  ])('accepts the specification example %s', (name, kind) => {
    expect(validateStac(example(name))).toEqual({ kind, problems: [] });
  });

  it('finds the example whose bbox does not hold its geometry (proj-example: the polygon reaches 61.19°N, its bbox stops at 60.63°N)', () => {
    expect(validateStac(example('extensions-collection/proj-example/proj-example.json')).problems).toEqual([
      'geometry reaches outside the bbox (at [149.1755, 61.19016])',
    ]);
  });

  it('says what is wrong with an item, naming each field', () => {
    const verdict = validateStac(
      item({
        id: '',
        stac_version: '0.9.0',
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 0],
              [1, 1],
            ],
          ],
        },
        properties: { datetime: 'yesterday' },
        links: [{ rel: 'self' }],
        assets: { data: { title: 'no href' } },
      }),
    );
    expect(verdict.problems).toEqual([
      'stac_version is not a STAC 1.0 or 1.1 version',
      'id is empty',
      'links.0.href is required',
      'geometry.coordinates.0 has fewer than 4 entries',
      'geometry.coordinates.0 a linear ring ends where it starts',
      'properties.datetime is not an RFC 3339 date-time (e.g. 2024-01-31T10:00:00Z)',
      'assets.data.href is required',
    ]);
  });

  it('holds the datetime rules: a null datetime needs start and end, start not after end', () => {
    expect(validateStac(item({ properties: { datetime: null, start_datetime: '2024-01-01T00:00:00Z' } })).problems).toEqual([
      'properties datetime is null, so start_datetime and end_datetime are required',
    ]);
    expect(
      validateStac(item({ properties: { datetime: null, start_datetime: '2024-02-01T00:00:00Z', end_datetime: '2024-01-01T00:00:00Z' } })).problems,
    ).toEqual(['properties.start_datetime is after end_datetime']);
    expect(validateStac(item({ properties: {} })).problems).toEqual(['properties.datetime is required']);
  });

  it('holds the geometry and bbox rules', () => {
    expect(validateStac(item({ bbox: undefined })).problems).toEqual(['bbox is required when geometry is not null']);
    expect(validateStac(item({ geometry: null, bbox: undefined })).problems).toEqual([]);
    expect(validateStac(item({ bbox: [10, 46, 11, 45] })).problems).toContain('bbox has its south (46) above its north (45)');
    expect(validateStac(item({ bbox: [10, 45, 11] })).problems).toEqual(['bbox has 4 (2D) or 6 (3D) numbers']);
    expect(validateStac(item({ geometry: { type: 'Circle', coordinates: [10, 45] } })).problems).toEqual(['geometry.type has no GeoJSON geometry type']);
    // across the antimeridian: west 179 > east -179
    expect(validateStac(item({ geometry: { type: 'Point', coordinates: [-179.5, 0] }, bbox: [179, -1, -179, 1] })).problems).toEqual([]);
    expect(validateStac(item({ geometry: { type: 'Point', coordinates: [0, 0] }, bbox: [179, -1, -179, 1] })).problems).toEqual([
      'geometry reaches outside the bbox (at [0, 0])',
    ]);
  });

  it('requires the collection field when a collection link is present', () => {
    expect(validateStac(item({ links: [{ rel: 'collection', href: './collection.json' }] })).problems).toEqual([
      'collection is required when a link with rel "collection" is present',
    ]);
  });

  it('holds a collection to its license and extent', () => {
    const collection = example('collection.json');
    const { license: _license, ...unlicensed } = collection;
    expect(validateStac(unlicensed).problems).toEqual(['license is required']);
    expect(
      validateStac({ ...collection, extent: { spatial: { bbox: [[0, 0, 1, 1]] }, temporal: { interval: [['2021-01-01T00:00:00Z', '2020-01-01T00:00:00Z']] } } })
        .problems,
    ).toEqual(['extent.temporal.interval.0 starts after it ends']);
    expect(validateStac({ ...collection, extent: { spatial: { bbox: [] }, temporal: { interval: [[null, null]] } } }).problems).toEqual([
      'extent.spatial.bbox has fewer than 1 entries',
    ]);
  });

  it('names a document that is no STAC at all', () => {
    expect(validateStac({ type: 'FeatureCollection', features: [] }).problems).toEqual([
      'type "FeatureCollection" is not a STAC type (Catalog, Collection or Feature)',
    ]);
    expect(validateStac([1, 2]).problems).toEqual(['is not a JSON object']);
  });
});
