import type { StacItemInput } from '@asb/contracts';
import type { TestApp } from './test-app.js';

type Headers = Record<string, string>;

/** A polygon of a box, as GeoJSON. */
export function boxGeometry([west, south, east, north]: number[]): { type: 'Polygon'; coordinates: number[][][] } {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [west!, south!],
        [east!, south!],
        [east!, north!],
        [west!, north!],
        [west!, south!],
      ],
    ],
  };
}

/** A STAC item over a box at an instant (or over an interval), with extra properties. */
export function stacItem(
  id: string,
  options: {
    bbox?: number[];
    geometry?: Record<string, unknown> | null;
    datetime?: string;
    interval?: [string, string];
    properties?: Record<string, unknown>;
  } = {},
): StacItemInput {
  const bbox = options.bbox ?? [10, 40, 11, 41];
  const time = options.interval
    ? { datetime: null, start_datetime: options.interval[0], end_datetime: options.interval[1] }
    : { datetime: options.datetime ?? '2024-01-15T10:00:00Z' };
  return {
    type: 'Feature',
    stac_version: '1.0.0',
    id,
    geometry: options.geometry === undefined ? boxGeometry(bbox) : (options.geometry as StacItemInput['geometry']),
    bbox,
    properties: { ...time, ...options.properties },
    links: [],
    assets: {
      data: { href: `/resource-catalogue/assets/c/${id}/data.tif`, type: 'image/tiff; application=geotiff; profile=cloud-optimized', roles: ['data'] },
      thumbnail: { href: `https://example.org/${id}.png`, type: 'image/png', roles: ['thumbnail'] },
    },
  };
}

/** A minimal STAC collection document (with the portal's sharing fields when given). */
export function stacCollection(id: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'Collection',
    stac_version: '1.0.0',
    id,
    title: `Collection ${id}`,
    description: `Test collection ${id}`,
    license: 'CC-BY-4.0',
    extent: { spatial: { bbox: [[-180, -90, 180, 90]] }, temporal: { interval: [['2020-01-01T00:00:00Z', null]] } },
    links: [],
    ...extra,
  };
}

/** Calls of the STAC API of a test app. */
export function catalogueClient(app: TestApp, prefix = '/resource-catalogue/stac') {
  const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, headers: Headers = {}, payload?: unknown) =>
    app.server.inject({
      method,
      url: url.startsWith('/') ? url : `${prefix}/${url}`,
      headers,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  return {
    inject,
    createCollection: async (id: string, headers: Headers, extra: Record<string, unknown> = {}) => {
      const response = await inject('POST', 'collections', headers, stacCollection(id, extra));
      if (response.statusCode !== 201) throw new Error(`create collection ${id}: ${response.statusCode} ${response.body}`);
    },
    addItems: async (collection: string, items: StacItemInput[], headers: Headers) => {
      const response = await inject('POST', `collections/${collection}/items`, headers, { type: 'FeatureCollection', features: items });
      if (response.statusCode !== 201) throw new Error(`add items to ${collection}: ${response.statusCode} ${response.body}`);
    },
  };
}
