import type { StacItem } from '@asb/contracts';
import type { StacCollectionDocument } from '../../apps/server/src/modules/catalogue/catalogue-store.js';

/**
 * The catalogue benchmark's synthetic items (README.md beside this file): 1° × 1° scenes
 * anywhere from 60°S to 75°N over two years (2023–2024), with a platform and a cloud cover,
 * written once for TypeScript (the store's path) and once in SQL (the set-based load).
 */

export const COLLECTION = 'bench-scenes';

/** The collection the synthetic scenes belong to (public, as the benches search it signed out). */
export const SYNTHETIC_COLLECTION: StacCollectionDocument = {
  type: 'Collection',
  stac_version: '1.0.0',
  id: COLLECTION,
  description: 'Synthetic 1° scenes for the catalogue benchmark',
  license: 'CC0-1.0',
  extent: { spatial: { bbox: [[-180, -60, 180, 76]] }, temporal: { interval: [['2023-01-01T00:00:00Z', '2024-12-31T23:59:59Z']] } },
  links: [],
};

/** Written once for TypeScript (the store's path) and once in SQL (below): the same numbers for the same n. */
const west = (n: number) => -179 + ((n * 7919) % 35800) / 100;
const south = (n: number) => -60 + ((n * 104729) % 13500) / 100;
const seconds = (n: number) => (n * 2654435761) % 63072000;
const cloud = (n: number) => (n * 31) % 101;
const EPOCH = Date.parse('2023-01-01T00:00:00Z');

export function syntheticItem(n: number): StacItem {
  const [w, s] = [west(n), south(n)];
  const [e, no] = [w + 1, s + 1];
  return {
    type: 'Feature',
    stac_version: '1.0.0',
    stac_extensions: ['https://stac-extensions.github.io/eo/v1.1.0/schema.json'],
    id: `scene-${String(n).padStart(7, '0')}`,
    collection: COLLECTION,
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [w, s],
          [e, s],
          [e, no],
          [w, no],
          [w, s],
        ],
      ],
    },
    bbox: [w, s, e, no],
    properties: {
      datetime: new Date(EPOCH + seconds(n) * 1000).toISOString(),
      platform: n % 2 === 0 ? 'sentinel-2a' : 'sentinel-2b',
      'eo:cloud_cover': cloud(n),
    },
    links: [],
    assets: {
      visual: { href: `https://example.com/scenes/${n}/visual.tif`, type: 'image/tiff; application=geotiff; profile=cloud-optimized', roles: ['visual'] },
      thumbnail: { href: `https://example.com/scenes/${n}/thumbnail.png`, type: 'image/png', roles: ['thumbnail'] },
    },
  };
}

/** Items first..last (generate_series) as rows of catalogue_items, the SQL twin of syntheticItem. */
export function insertSyntheticSql(first: number, last: number): string {
  const w = `(-179 + ((g::bigint * 7919) % 35800) / 100.0)`;
  const s = `(-60 + ((g::bigint * 104729) % 13500) / 100.0)`;
  const t = `(timestamptz '2023-01-01T00:00:00Z' + ((g::bigint * 2654435761) % 63072000) * interval '1 second')`;
  return `
    INSERT INTO catalogue_items (collection_id, id, datetime, start_at, end_at, bbox, footprint, bbox_values, geometry, properties, assets, links, document)
    SELECT '${COLLECTION}', 'scene-' || lpad(g::text, 7, '0'), p.t, p.t, p.t,
           box(point(p.w, p.s), point(p.w + 1, p.s + 1)),
           ARRAY[polygon(box(point(p.w, p.s), point(p.w + 1, p.s + 1)))],
           jsonb_build_array(p.w, p.s, p.w + 1, p.s + 1),
           jsonb_build_object('type', 'Polygon', 'coordinates', jsonb_build_array(jsonb_build_array(
             jsonb_build_array(p.w, p.s), jsonb_build_array(p.w + 1, p.s), jsonb_build_array(p.w + 1, p.s + 1), jsonb_build_array(p.w, p.s + 1), jsonb_build_array(p.w, p.s)))),
           jsonb_build_object('datetime', to_char(p.t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                              'platform', CASE WHEN g % 2 = 0 THEN 'sentinel-2a' ELSE 'sentinel-2b' END,
                              'eo:cloud_cover', (g::bigint * 31) % 101),
           jsonb_build_object('visual', jsonb_build_object('href', 'https://example.com/scenes/' || g || '/visual.tif', 'type', 'image/tiff; application=geotiff; profile=cloud-optimized', 'roles', jsonb_build_array('visual')),
                              'thumbnail', jsonb_build_object('href', 'https://example.com/scenes/' || g || '/thumbnail.png', 'type', 'image/png', 'roles', jsonb_build_array('thumbnail'))),
           '[]'::jsonb,
           jsonb_build_object('stac_version', '1.0.0', 'stac_extensions', jsonb_build_array('https://stac-extensions.github.io/eo/v1.1.0/schema.json'))
    FROM generate_series(${first}, ${last}) AS g
    CROSS JOIN LATERAL (SELECT ${w}::float8 AS w, ${s}::float8 AS s, ${t} AS t) AS p`;
}
