import type { StacCollection, StacItem, StacItemCollection } from '@asb/contracts';
import type { FakeRequest } from '../../../test/fake-fetch';

const COLLECTION: StacCollection = {
  type: 'Collection',
  stac_version: '1.0.0',
  id: 'demo-scenes',
  title: 'Demo scenes',
  description: 'Small COG scenes',
  license: 'CC-BY-4.0',
  extent: { spatial: { bbox: [[4, 50, 6, 52]] }, temporal: { interval: [['2024-01-01T00:00:00Z', null]] } },
  links: [],
};

/** The n-th demo scene: a 0.1° square, a thumbnail and four per-band COG assets. */
export function scene(n: number): StacItem {
  const west = 4 + n / 10;
  const assets: StacItem['assets'] = {
    thumbnail: { href: `http://portal/resource-catalogue/assets/demo-scenes/scene-${n}/thumb.png`, type: 'image/png', roles: ['thumbnail'] },
  };
  for (const band of ['blue', 'green', 'red', 'nir'])
    assets[band] = { href: `http://portal/resource-catalogue/assets/demo-scenes/scene-${n}/${band}.tif`, type: 'image/tiff; application=geotiff', title: band };
  return {
    type: 'Feature',
    stac_version: '1.0.0',
    id: `scene-${n}`,
    collection: 'demo-scenes',
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [west, 51],
          [west + 0.1, 51],
          [west + 0.1, 51.1],
          [west, 51.1],
          [west, 51],
        ],
      ],
    },
    bbox: [west, 51, west + 0.1, 51.1],
    properties: { datetime: `2024-01-${String(n + 1).padStart(2, '0')}T10:30:00Z`, title: `Scene ${n}` },
    links: [],
    assets,
  };
}

/** The catalogue's answers over `total` scenes: collections, the spec's items page (limit and offset), one item. */
export function catalogueHandler({ total = 12, failCollections = false, failSearch = false } = {}) {
  return (request: FakeRequest) => {
    if (request.path === '/resource-catalogue/stac/collections')
      return failCollections ? { status: 502, body: { detail: 'Bad gateway' } } : { body: { collections: [COLLECTION], links: [] } };
    if (request.path === '/resource-catalogue/products/collections')
      return failCollections
        ? { status: 502, body: { detail: 'Bad gateway' } }
        : {
            body: {
              collections: [
                {
                  id: COLLECTION.id,
                  title: String(COLLECTION.title),
                  description: null,
                  source: 'local',
                  href: '/resource-catalogue/stac/collections/demo-scenes',
                },
              ],
              unavailable: [],
            },
          };
    if (request.path === '/resource-catalogue/collections/demo-scenes/items') {
      if (failSearch) return { status: 502, body: { detail: 'Bad gateway' } };
      const limit = Number(request.query.get('limit'));
      const offset = Number(request.query.get('offset'));
      const features = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, index) => scene(offset + index));
      const page: StacItemCollection = { type: 'FeatureCollection', features, numberMatched: total, numberReturned: features.length, links: [] };
      return { body: page };
    }
    const item = /^\/resource-catalogue\/stac\/collections\/demo-scenes\/items\/scene-(\d+)$/.exec(request.path);
    if (item) return { body: scene(Number(item[1])) };
    return undefined;
  };
}
