import { or, sql, type SQL } from 'drizzle-orm';
import { catalogueItems as items } from './catalogue.schema.js';
import { boxLiteral, polygonArrayLiteral, splitBbox, type Interval, type SpatialQuery } from './catalogue-geometry.js';
import { APPLICATION_ITEM } from './catalogue-item-kinds.js';

/** The SQL predicates on items that searches and the other modules' queries share. */

/** "The item is an application", in SQL. */
export const isApplicationItem = sql`(${items.properties} ->> ${APPLICATION_ITEM.key}) IS NOT DISTINCT FROM ${APPLICATION_ITEM.value}`;
/** "The item is an EO product": neither an application nor a model (the marketplace's; a dataset is data, so a product). */
export const isProductItem = sql`NOT ${isApplicationItem} AND (${items.properties} ->> 'type') IS DISTINCT FROM 'model'`;

/** The SQL of "the item meets this spatial query": the indexed box prefilter, then the exact polygon test when both sides have one. */
export function spatialCondition(query: SpatialQuery): SQL {
  const boxes = query.boxes.flatMap((bbox) => splitBbox(bbox)).map(boxLiteral);
  const prefilter = or(
    ...boxes.map((box) => sql`${items.bbox} && ${box}::box`),
    ...boxes.map((box) => sql`(${items.bboxWrap} IS NOT NULL AND ${items.bboxWrap} && ${box}::box)`),
  )!;
  if (!query.polygons) return sql`(${prefilter})`;
  const polygons = polygonArrayLiteral(query.polygons);
  return sql`((${prefilter}) AND (${items.footprint} IS NULL OR EXISTS (SELECT 1 FROM unnest(${items.footprint}) AS part(p) WHERE p && ANY(${polygons}::polygon[]))))`;
}

/** The SQL of "the item's time meets this interval" (ends included, null ends open): the GiST range index answers it. */
export function temporalCondition(interval: Interval): SQL {
  const start = interval.start?.toISOString() ?? null;
  const end = interval.end?.toISOString() ?? null;
  return sql`tstzrange(${items.startAt}, ${items.endAt}, '[]') && tstzrange(${start}::timestamptz, ${end}::timestamptz, '[]')`;
}
