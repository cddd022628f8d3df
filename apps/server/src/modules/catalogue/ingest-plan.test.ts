import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { OutboundFetch } from '../../platform/outbound/outbound-fetch.js';
import { extentOf, planIngest } from './ingest-plan.js';
import { StacDocumentReader } from './ingest-read.js';
import { testdata } from '../../../test/helpers/testdata.js';

/** The STAC specification's own examples (../shared/testdata/stac, Apache-2.0). */
const EXAMPLES = testdata('stac');
const url = (name: string) => pathToFileURL(path.join(EXAMPLES, name)).toString();

const outbound = new OutboundFetch([]);
afterAll(() => outbound.close());
const reader = new StacDocumentReader(outbound, true);
const plan = (name: string, collection?: string) => planIngest(url(name), { collection, read: (at) => reader.read(at) });

describe('ingest plan of a static STAC catalog', () => {
  it('follows catalog.json to its collections and items, and finds its two real errors', async () => {
    const result = await plan('catalog.json');
    expect(result.collections.map((entry) => [entry.id, entry.items.map((item) => item.item.id), entry.invalidCount])).toEqual([
      ['extensions-collection', [], 1],
      ['sentinel-2', [], 0],
      ['examples', ['CS3-20160503_132131_08'], 0],
    ]);
    expect(result.invalid).toEqual([
      {
        source: url('extensions-collection/proj-example/proj-example.json'),
        what: 'Item proj-example',
        reasons: ['geometry reaches outside the bbox (at [149.1755, 61.19016])'],
      },
      {
        source: url('collection-only/collection-with-schemas.json'),
        what: 'Collection sentinel-2',
        reasons: [`id sentinel-2 is also the id of the collection read from ${url('collection-only/collection.json')}`],
      },
    ]);
  });

  it('puts the item without a collection into a collection made from its catalog', async () => {
    const standIn = (await plan('catalog.json')).collections.find((entry) => entry.id === 'examples')!;
    expect(standIn.document).toMatchObject({
      type: 'Collection',
      id: 'examples',
      title: 'Example Catalog',
      license: 'other',
      extent: {
        spatial: { bbox: [[-122.59750209, 37.48803556, -122.2880486, 37.613537207]] },
        temporal: { interval: [['2016-05-03T13:22:30.000Z', '2016-05-03T13:27:30.000Z']] },
      },
    });
    expect(standIn.items[0]!.item.collection).toBe('examples');
  });

  it('puts items without a collection where --collection says', async () => {
    const result = await plan('collectionless-item.json', 'my-scenes');
    expect(result.collections.map((entry) => [entry.id, entry.document, entry.items.length])).toEqual([['my-scenes', undefined, 1]]);
    const alone = await plan('collectionless-item.json');
    expect(alone.invalid).toEqual([
      { source: url('collectionless-item.json'), what: 'Item CS3-20160503_132131_08', reasons: ['names no collection: give one with --collection'] },
    ]);
  });

  it('resolves relative links against the document, keeps absolute asset hrefs, and drops the static tree links', async () => {
    const result = await plan('collection-only/collection.json');
    const sentinel = result.collections[0]!.document!;
    expect(sentinel.links).toEqual([
      expect.objectContaining({
        rel: 'license',
        href: 'https://scihub.copernicus.eu/twiki/pub/SciHubWebPortal/TermsConditions/Sentinel_Data_Terms_and_Conditions.pdf',
      }),
    ]);
    expect((sentinel.assets as Record<string, { href: string }>).metadata_iso_19139!.href).toBe(
      'https://storage.googleapis.com/open-cogs/stac-examples/sentinel-2-iso-19139.xml',
    );
  });

  it('reports the three example items of collection.json that share one id', async () => {
    const result = await plan('collection.json');
    expect(result.collections.map((entry) => [entry.id, entry.items.length, entry.invalidCount])).toEqual([['simple-collection', 1, 2]]);
    expect(result.invalid.map((entry) => entry.reasons[0])).toEqual([
      `id 20201211_223832_CS2 is also the id of ${url('simple-item.json')} in collection simple-collection`,
      `id 20201211_223832_CS2 is also the id of ${url('simple-item.json')} in collection simple-collection`,
    ]);
  });

  it('reports a link it cannot read and carries on', async () => {
    const documents: Record<string, unknown> = {
      'https://stac.example/catalog.json': {
        type: 'Catalog',
        stac_version: '1.0.0',
        id: 'root',
        description: 'd',
        links: [
          { rel: 'child', href: 'missing/collection.json' },
          { rel: 'child', href: 'file:///etc/passwd' },
          { rel: 'self', href: './catalog.json' },
        ],
      },
    };
    const remote = new StacDocumentReader(outbound, false);
    const result = await planIngest('https://stac.example/catalog.json', {
      read: async (at) => {
        if (at.startsWith('file:')) return remote.read(at);
        if (!(at in documents)) throw new Error('answered HTTP 404');
        return documents[at];
      },
    });
    expect(result.invalid).toEqual([
      { source: 'https://stac.example/missing/collection.json', what: 'https://stac.example/missing/collection.json', reasons: ['answered HTTP 404'] },
      { source: 'file:///etc/passwd', what: 'file:///etc/passwd', reasons: ['is a file link in a catalog read from a URL, which is not followed'] },
    ]);
  });

  it('holds items to the rules of the store that writes them: a day that does not exist makes the item invalid, not a half-written collection', async () => {
    const item = (id: string, datetime: string) => ({
      type: 'Feature',
      stac_version: '1.0.0',
      id,
      geometry: { type: 'Point', coordinates: [4.4, 51.2] },
      bbox: [4.4, 51.2, 4.4, 51.2],
      properties: { datetime },
      links: [],
      assets: {},
    });
    const documents: Record<string, unknown> = {
      'https://stac.example/collection.json': {
        type: 'Collection',
        stac_version: '1.0.0',
        id: 'dates',
        description: 'd',
        license: 'other',
        extent: { spatial: { bbox: [[4, 51, 5, 52]] }, temporal: { interval: [['2024-01-01T00:00:00Z', null]] } },
        links: [
          { rel: 'item', href: 'good.json' },
          { rel: 'item', href: 'feb-30.json' },
        ],
      },
      'https://stac.example/good.json': item('good', '2024-02-28T10:00:00Z'),
      'https://stac.example/feb-30.json': item('feb-30', '2024-02-30T10:00:00Z'),
    };
    const result = await planIngest('https://stac.example/collection.json', { read: async (at) => documents[at] });
    expect(result.collections.map((entry) => [entry.id, entry.items.map((planned) => planned.item.id), entry.invalidCount])).toEqual([['dates', ['good'], 1]]);
    expect(result.invalid).toEqual([{ source: 'https://stac.example/feb-30.json', what: 'Item feb-30', reasons: [expect.stringContaining('datetime')] }]);
  });

  it('reads the items of a remote collection eight at a time, and keeps them in link order', async () => {
    const base = 'https://stac.example/c';
    const ids = Array.from({ length: 20 }, (_, index) => `scene-${index}`);
    const collectionDocument = {
      type: 'Collection',
      stac_version: '1.0.0',
      id: 'c',
      description: 'd',
      license: 'other',
      extent: { spatial: { bbox: [[0, 0, 1, 1]] }, temporal: { interval: [[null, null]] } },
      links: ids.map((id) => ({ rel: 'item', href: `./${id}.json` })),
    };
    let inFlight = 0;
    let most = 0;
    const result = await planIngest(`${base}/collection.json`, {
      read: async (at) => {
        if (at.endsWith('collection.json')) return collectionDocument;
        inFlight++;
        most = Math.max(most, inFlight);
        // answered a turn later: the next reads start meanwhile
        await new Promise((resolve) => setImmediate(resolve));
        inFlight--;
        const id = at.replace(/^.*\/(.*)\.json$/, '$1');
        return { type: 'Feature', stac_version: '1.0.0', id, geometry: null, properties: { datetime: '2024-01-01T00:00:00Z' }, links: [], assets: {} };
      },
    });
    expect(result.invalid).toEqual([]);
    expect(result.collections[0]!.items.map((entry) => entry.item.id)).toEqual(ids);
    expect(most).toBe(8);
  });

  it('stops at the most documents it may read, and says so', async () => {
    const result = await planIngest(url('catalog.json'), { maxDocuments: 3, read: (at) => reader.read(at) });
    expect(result.invalid.filter((entry) => entry.reasons[0]!.startsWith('not read'))).toEqual([
      {
        source: url('collection-only/collection.json'),
        what: url('collection-only/collection.json'),
        reasons: ["not read: an ingest reads at most 3 documents; ingest the catalog's parts one by one"],
      },
    ]);
  });

  it('makes the extent of items, across the antimeridian too', () => {
    const item = (bbox: number[], datetime: string) => ({
      type: 'Feature' as const,
      stac_version: '1.0.0',
      id: datetime,
      geometry: null,
      bbox,
      properties: { datetime },
      links: [],
      assets: {},
    });
    expect(extentOf([item([10, 40, 11, 41], '2024-01-02T00:00:00Z'), item([12, 39, 13, 40], '2024-01-01T00:00:00Z')])).toEqual({
      spatial: { bbox: [[10, 39, 13, 41]] },
      temporal: { interval: [['2024-01-01T00:00:00.000Z', '2024-01-02T00:00:00.000Z']] },
    });
    expect(extentOf([item([179, 0, -179, 1], '2024-01-01T00:00:00Z')]).spatial.bbox).toEqual([[-180, 0, 180, 1]]);
  });
});
