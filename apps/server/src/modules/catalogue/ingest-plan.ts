import type { StacItem } from '@asb/contracts';
import type { StacCollectionDocument } from './catalogue-store.js';
import { CatalogueInputError } from './catalogue-geometry.js';
import { itemRow } from './item-row.js';
import { corners, rfc3339Time, validateStac } from './ingest-validate.js';
import { DocumentRefused } from '../../platform/documents/document-limits.js';

/**
 * What a static STAC catalog holds, read and checked before anything is written
 * (docs/catalogue.md "Ingest"): its collections with their items, the documents that are
 * not valid with their reasons, and what was changed on the way (warnings).
 */
export interface IngestPlan {
  collections: PlannedCollection[];
  invalid: InvalidDocument[];
  warnings: string[];
}

interface PlannedCollection {
  id: string;
  /** the document to write; undefined when the items go into a collection the catalogue already holds */
  document?: StacCollectionDocument;
  /** where it was read ('made from catalog …' for a catalog standing in for a collection) */
  source: string;
  items: { source: string; item: StacItem }[];
  /** where each item id of `items` was read (one id once per collection) */
  itemSources: Map<string, string>;
  /** documents of this collection that are invalid (it is written with all its items or not at all) */
  invalidCount: number;
}

export interface InvalidDocument {
  source: string;
  /** "Collection sentinel-2", "Item CS3-…", or the source when its id is unknown */
  what: string;
  reasons: string[];
}

export interface PlanOptions {
  /** where items that name no collection go (the CLI's --collection) */
  collection?: string;
  /** documents read at most (default MAX_DOCUMENTS) */
  maxDocuments?: number;
  /** reads one document by its absolute URL; throws an Error saying why it cannot */
  read(url: string): Promise<unknown>;
}

type Json = Record<string, unknown>;
interface Link {
  rel: string;
  href: string;
}

/** Item documents read at once (a remote catalog answers several requests in parallel). */
const READ_AHEAD = 8;
/** Documents one ingest reads at most (a catalog that links without end stops here). */
const MAX_DOCUMENTS = 200_000;

/** Links that describe the static catalog's own tree: replaced by the portal's when served. */
const STRUCTURAL = new Set(['self', 'root', 'parent', 'child', 'item', 'collection', 'items']);

const linksOf = (document: Json): Link[] =>
  Array.isArray(document.links) ? (document.links as Link[]).filter((link) => typeof link?.rel === 'string' && typeof link.href === 'string') : [];

/** The absolute form of an href read in the document at `base` (undefined when it is no URL). */
function absolute(href: string, base: string): string | undefined {
  try {
    return new URL(href, base).toString();
  } catch {
    return undefined;
  }
}

/** The document with its links (but the catalog's own tree) and assets pointing where they did from `base`. */
function resolveHrefs<T extends Json>(document: T, base: string): T {
  const links = linksOf(document)
    .filter((link) => !STRUCTURAL.has(link.rel))
    .map((link) => ({ ...link, href: absolute(link.href, base) ?? link.href }));
  const result: Json = { ...document, links };
  if (document.assets && typeof document.assets === 'object') {
    result.assets = Object.fromEntries(
      Object.entries(document.assets as Record<string, Json>).map(([key, asset]) => [
        key,
        typeof asset.href === 'string' ? { ...asset, href: absolute(asset.href, base) ?? asset.href } : asset,
      ]),
    );
  }
  return result as T;
}

/**
 * Reads the catalog, collection or item at `rootUrl`, following child and item links (each
 * document once, so a cycle ends), and checks every document against the STAC core rules.
 *
 * Which collection an item goes into: the collection that links it (an item whose own
 * `collection` field says otherwise is moved there, with a warning); for an item no
 * collection links — the root item, or one linked from a catalog — the `collection` option,
 * else its own `collection` field, else the catalog that links it, which then stands in for a
 * collection (its id, title and description, license "other", the extent of its items).
 */
export async function planIngest(rootUrl: string, options: PlanOptions): Promise<IngestPlan> {
  const plan: IngestPlan = { collections: [], invalid: [], warnings: [] };
  const byId = new Map<string, PlannedCollection>();
  const standIns = new Map<string, { entry: PlannedCollection; catalog: Json }>();
  const visited = new Set<string>();
  const maxDocuments = options.maxDocuments ?? MAX_DOCUMENTS;

  const invalid = (source: string, what: string, reasons: string[]) => plan.invalid.push({ source, what, reasons });

  const collectionFor = (id: string): PlannedCollection => {
    let entry = byId.get(id);
    if (!entry) {
      entry = { id, source: '', items: [], itemSources: new Map(), invalidCount: 0 };
      byId.set(id, entry);
      plan.collections.push(entry);
    }
    return entry;
  };

  // the item documents of one catalog or collection are read READ_AHEAD at a time (a remote catalog of many items)
  const reading = new Map<string, Promise<unknown>>();
  const readAhead = (urls: string[]) => {
    let next = 0;
    const start = (): void => {
      const url = urls[next++];
      if (url === undefined) return;
      const read = options.read(url);
      reading.set(url, read);
      void read.then(start, start);
    };
    for (let index = 0; index < READ_AHEAD; index++) start();
  };

  const visit = async (url: string, parent: { catalog?: { id: string; url: string; document: Json }; collection?: PlannedCollection }) => {
    if (visited.has(url)) return;
    if (visited.size >= maxDocuments) {
      if (visited.size === maxDocuments)
        invalid(url, url, [`not read: an ingest reads at most ${maxDocuments} documents; ingest the catalog's parts one by one`]);
      visited.add(url);
      if (parent.collection) parent.collection.invalidCount++;
      return;
    }
    visited.add(url);
    let document: unknown;
    try {
      document = await (reading.get(url) ?? options.read(url));
      reading.delete(url);
    } catch (error) {
      reading.delete(url);
      // the root past a limit: the whole ingest is refused with it (a 4xx over HTTP)
      if (error instanceof DocumentRefused && url === rootUrl) throw error;
      invalid(url, url, [(error as Error).message]);
      if (parent.collection) parent.collection.invalidCount++;
      return;
    }
    const verdict = validateStac(document);
    const json = document as Json;
    const what = `${verdict.kind === 'Feature' ? 'Item' : (verdict.kind ?? 'Document')}${typeof json?.id === 'string' ? ` ${json.id}` : ''}`;
    if (verdict.kind === undefined) {
      invalid(url, what, verdict.problems);
      if (parent.collection) parent.collection.invalidCount++;
      return;
    }

    if (verdict.kind === 'Feature') {
      const target = itemCollection(json, parent, url);
      if (target === undefined) {
        invalid(url, what, ['names no collection: give one with --collection']);
        return;
      }
      if (verdict.problems.length > 0) {
        invalid(url, what, verdict.problems);
        target.invalidCount++;
        return;
      }
      const sameId = target.itemSources.get(String(json.id));
      if (sameId !== undefined) {
        invalid(url, what, [`id ${String(json.id)} is also the id of ${sameId} in collection ${target.id}`]);
        target.invalidCount++;
        return;
      }
      const item = { ...resolveHrefs(json, url), collection: target.id } as StacItem;
      // the store's own rules (a real calendar day, coordinates in range, …) decide too: an item
      // it would refuse is invalid here, before anything of its collection is written
      const refusal = storeRefusal(target.id, item);
      if (refusal !== undefined) {
        invalid(url, what, [refusal]);
        target.invalidCount++;
        return;
      }
      if (typeof json.collection === 'string' && json.collection !== target.id)
        plan.warnings.push(`${url}: ${what} names collection ${json.collection} but is linked from collection ${target.id}; stored in ${target.id}`);
      target.items.push({ source: url, item });
      target.itemSources.set(item.id, url);
      return;
    }

    let here: Parameters<typeof visit>[1];
    if (verdict.kind === 'Collection') {
      const id = String(json.id);
      const existing = byId.get(id);
      if (existing?.document || existing?.source) {
        invalid(url, what, [`id ${id} is also the id of the collection read from ${existing.source}`]);
        return;
      }
      const entry = collectionFor(id);
      entry.source = url;
      if (verdict.problems.length > 0) {
        invalid(url, what, verdict.problems);
        entry.invalidCount++;
      } else entry.document = resolveHrefs(json, url) as StacCollectionDocument;
      here = { catalog: parent.catalog, collection: entry };
    } else {
      if (verdict.problems.length > 0) invalid(url, what, verdict.problems);
      here = { catalog: { id: String(json.id), url, document: json } };
    }
    // the tree below is followed even under an invalid document, so every problem is reported at once
    const links = linksOf(json).filter((link) => link.rel === 'child' || link.rel === 'item');
    const targets = links.map((link) => absolute(link.href, url));
    readAhead(
      targets.filter((target, index): target is string => target !== undefined && links[index]!.rel === 'item' && !visited.has(target) && !reading.has(target)),
    );
    for (const [index, link] of links.entries()) {
      const next = targets[index];
      if (next === undefined) invalid(url, what, [`link ${link.rel} ${link.href} is not a URL`]);
      else await visit(next, here);
    }
  };

  /** The collection an item goes into (see planIngest), or undefined when none is named. */
  const itemCollection = (item: Json, parent: Parameters<typeof visit>[1], url: string): PlannedCollection | undefined => {
    if (parent.collection) return parent.collection;
    const named = options.collection ?? (typeof item.collection === 'string' ? item.collection : undefined);
    if (named !== undefined) return collectionFor(named);
    if (!parent.catalog) return undefined;
    const catalog = parent.catalog;
    let standIn = standIns.get(catalog.url)?.entry;
    if (!standIn) {
      standIn = collectionFor(catalog.id);
      standIn.source = `catalog ${catalog.url}`;
      standIns.set(catalog.url, { entry: standIn, catalog: catalog.document });
      plan.warnings.push(`${url}: items that name no collection go into collection ${catalog.id}, made from the catalog ${catalog.url}`);
    }
    return standIn;
  };

  await visit(rootUrl, {});
  for (const [url, { entry, catalog }] of standIns) if (!entry.document) entry.document = collectionFromCatalog(catalog, url, entry.items);
  return plan;
}

/** A collection standing in for a catalog whose items name no collection: its fields, license "other", the extent of the items. */
/** Why the store would refuse the item (`itemRow`'s check, the one every write goes through), or undefined. */
function storeRefusal(collectionId: string, item: StacItem): string | undefined {
  try {
    itemRow(collectionId, item);
    return undefined;
  } catch (error) {
    if (error instanceof CatalogueInputError) return error.message;
    throw error;
  }
}

function collectionFromCatalog(catalog: Json, url: string, items: PlannedCollection['items']): StacCollectionDocument {
  const { title, description, stac_version: version } = catalog;
  return {
    ...resolveHrefs({ links: catalog.links }, url),
    type: 'Collection',
    stac_version: typeof version === 'string' ? version : '1.0.0',
    id: String(catalog.id),
    ...(typeof title === 'string' ? { title } : {}),
    description: typeof description === 'string' ? description : '',
    license: 'other',
    extent: extentOf(items.map((entry) => entry.item)),
  };
}

/** The spatial and temporal extent of some items (STAC collection "extent"). */
export function extentOf(items: readonly StacItem[]): { spatial: { bbox: number[][] }; temporal: { interval: (string | null)[][] } } {
  let [west, south, east, north] = [180, 90, -180, -90];
  let [first, last] = [Infinity, -Infinity];
  for (const item of items) {
    if (item.bbox && (item.bbox.length === 4 || item.bbox.length === 6)) {
      const [w, s, e, n] = corners(item.bbox);
      // an item crossing the antimeridian widens the extent to every longitude
      [west, east] = w > e ? [-180, 180] : [Math.min(west, w), Math.max(east, e)];
      [south, north] = [Math.min(south, s), Math.max(north, n)];
    }
    const properties = item.properties as Record<string, unknown>;
    for (const value of [properties.datetime, properties.start_datetime, properties.end_datetime]) {
      const time = typeof value === 'string' ? rfc3339Time(value) : undefined;
      if (time !== undefined) [first, last] = [Math.min(first, time), Math.max(last, time)];
    }
  }
  const bbox = west <= east ? [west, south, east, north] : [-180, -90, 180, 90];
  const iso = (time: number) => (Number.isFinite(time) ? new Date(time).toISOString() : null);
  return { spatial: { bbox: [bbox] }, temporal: { interval: [[iso(first), iso(last)]] } };
}
