import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db/client.js';
import { catalogueItems as items } from './catalogue.schema.js';

/** How many of a collection's newest items show which properties it has: the queryables are a description, not a census. */
const SAMPLE = 1000;

/** The property names of a collection's items with the JSON types their values take (jsonb_typeof: string, number, boolean, array, object). */
export async function itemPropertyTypes(db: Db, collectionId: string): Promise<Map<string, string[]>> {
  const result = await db.execute(sql`
    select entry.key, array_agg(distinct jsonb_typeof(entry.value)) filter (where jsonb_typeof(entry.value) <> 'null') as types
    from (
      select ${items.properties} as properties from ${items} where ${items.collectionId} = ${collectionId} order by ${items.datetime} desc limit ${SAMPLE}
    ) sample, jsonb_each(sample.properties) entry
    group by entry.key
    order by entry.key`);
  return new Map(rowsOf<{ key: string; types: string[] | null }>(result).map((row) => [row.key, row.types ?? []]));
}
