import type { SQL } from 'drizzle-orm';
import type { StoredItem } from './catalogue-documents.js';
import type { Interval, SpatialQuery } from './catalogue-geometry.js';

/** A sort key of a search: a column or a property of the items. */
export type SortKey = { field: 'id' | 'collection' | 'datetime' | 'start_datetime' | 'end_datetime' } | { property: string };

/** A search, checked and parsed (catalogue.search.ts makes it from a request). */
export interface ItemQuery {
  /** restrict to these collections (of those the caller may read) */
  collections?: string[];
  ids?: string[];
  spatial?: SpatialQuery;
  interval?: Interval;
  /** a compiled CQL2 filter */
  filter?: SQL;
  sortby?: { key: SortKey; direction: 'asc' | 'desc' }[];
  limit: number;
  offset: number;
  /** leave out application and model items (docs/applications.md, docs/marketplace.md): the product searches ask for products only */
  productsOnly?: boolean;
}

export interface ItemPage {
  items: StoredItem[];
  /** how many items match in all; undefined past COUNT_LIMIT (docs/catalogue.md "numberMatched") */
  matched: number | undefined;
}
