import { sql, type Placeholder } from 'drizzle-orm';
import type { StacItemCollection } from '@asb/contracts';
import { catalogueItems as items } from './catalogue.schema.js';
import { collectionUrl, PORTAL_RELS, rootLink, STAC_VERSION, type CatalogueUrls } from './catalogue-documents.js';

/**
 * A search's items as JSON text made by the database (docs/catalogue.md "Search answers"): the
 * stored jsonb columns leave PostgreSQL as text and are joined into the answer as they are, so
 * a page costs the server no JSON.parse of the rows, no item objects and no serializer pass.
 * The text is the same JSON value as itemDocument() of the row after the response schema
 * (catalogue-feature-json.test.ts checks it): only the declared top-level fields, the
 * portal's links after the writer's (those of the portal's relations dropped), root-relative
 * asset hrefs made absolute. Key order inside objects and whitespace are PostgreSQL's.
 */

/** The parts of a feature, selected as text (`base`: a placeholder for the portal's origin). */
export function featureColumns(base: Placeholder) {
  const href = sql`(a.value ->> 'href')`;
  const isRootRelative = sql`(${href} LIKE '/%' AND ${href} NOT LIKE '//%')`;
  return {
    collectionId: items.collectionId,
    id: items.id,
    stacVersion: sql<string | null>`CASE WHEN jsonb_typeof(${items.document} -> 'stac_version') = 'string' THEN ${items.document} ->> 'stac_version' END`,
    stacExtensions: sql<string | null>`(${items.document} -> 'stac_extensions')::text`,
    geometry: sql<string | null>`${items.geometry}::text`,
    bbox: sql<string | null>`${items.bboxValues}::text`,
    // itemRow stores datetime (null when an interval); a row written otherwise still answers it
    properties: sql<string>`(CASE WHEN ${items.properties} ? 'datetime' THEN ${items.properties} ELSE ${items.properties} || '{"datetime":null}'::jsonb END)::text`,
    keptLinks: sql<string | null>`CASE WHEN ${items.links} = '[]'::jsonb THEN NULL ELSE (
      SELECT jsonb_agg(l.value ORDER BY l.n) FROM jsonb_array_elements(${items.links}) WITH ORDINALITY AS l(value, n)
      WHERE jsonb_typeof(l.value -> 'rel') = 'string' AND jsonb_typeof(l.value -> 'href') = 'string'
        AND NOT ((l.value ->> 'rel') = ANY(${sql.raw(`'{${[...PORTAL_RELS].join(',')}}'`)}::text[]))
    )::text END`,
    assets: sql<string>`CASE WHEN NOT jsonb_path_exists(${items.assets}, '$.*.href ? (@ starts with "/")') THEN ${items.assets}::text ELSE (
      SELECT jsonb_object_agg(a.key, a.value || jsonb_build_object('href', CASE WHEN ${isRootRelative} THEN ${base}::text || ${href} ELSE ${href} END))
      FROM jsonb_each(${items.assets}) AS a
    )::text END`,
  };
}

/** A row of featureColumns. */
export interface FeatureRow {
  collectionId: string;
  id: string;
  stacVersion: string | null;
  stacExtensions: string | null;
  geometry: string | null;
  bbox: string | null;
  properties: string;
  keptLinks: string | null;
  assets: string;
}

const enc = encodeURIComponent;
const JSON_TYPE = 'application/json';

/** The links the portal adds to every item (catalogue-documents.ts itemDocument), as JSON text without brackets. */
function portalLinks(row: FeatureRow, urls: CatalogueUrls): string {
  const collection = collectionUrl(urls, row.collectionId);
  return [
    { rel: 'self', href: `${collection}/items/${enc(row.id)}`, type: 'application/geo+json' },
    { rel: 'parent', href: collection, type: JSON_TYPE },
    { rel: 'collection', href: collection, type: JSON_TYPE },
    rootLink(urls),
  ]
    .map((link) => JSON.stringify(link))
    .join(',');
}

/** One item's JSON text, fields in the response schema's order. */
export function featureJson(row: FeatureRow, urls: CatalogueUrls): string {
  const portal = portalLinks(row, urls);
  const links = row.keptLinks === null || row.keptLinks === '[]' ? `[${portal}]` : `${row.keptLinks.slice(0, -1)},${portal}]`;
  return (
    `{"type":"Feature","stac_version":${JSON.stringify(row.stacVersion ?? STAC_VERSION)}` +
    (row.stacExtensions === null ? '' : `,"stac_extensions":${row.stacExtensions}`) +
    `,"id":${JSON.stringify(row.id)},"collection":${JSON.stringify(row.collectionId)},"geometry":${row.geometry ?? 'null'}` +
    (row.bbox === null ? '' : `,"bbox":${row.bbox}`) +
    `,"properties":${row.properties},"links":${links},"assets":${row.assets}}`
  );
}

/** An ItemCollection's JSON text: the features' texts and the page's fields (itemCollectionOf's, without the features). */
export function itemCollectionJson(features: string[], page: Omit<StacItemCollection, 'type' | 'features'>): string {
  const { links, numberMatched, numberReturned, ...rest } = page;
  const extra = JSON.stringify(rest);
  return (
    `{"type":"FeatureCollection","features":[${features.join(',')}],"links":${JSON.stringify(links)}` +
    (numberMatched === undefined ? '' : `,"numberMatched":${numberMatched}`) +
    (numberReturned === undefined ? '' : `,"numberReturned":${numberReturned}`) +
    (extra === '{}' ? '}' : `,${extra.slice(1)}`)
  );
}
