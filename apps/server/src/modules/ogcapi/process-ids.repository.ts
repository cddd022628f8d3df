import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { isApplicationItem } from '../catalogue/catalogue-conditions.js';
import { catalogueItems as items } from '../catalogue/catalogue.schema.js';
import { workflows } from '../knowledge/workflows.schema.js';

/**
 * Whether a process id is taken for a deploy into `ownCollection` (docs/ogcapi.md "Process
 * ids"): by a workflow of that identifier (archived or not, anyone's), or by an application of
 * that id in any other collection. Every user's, not only those the caller sees: a later
 * publication must not find its plain id held by someone else's deploy.
 */
export async function processIdTaken(db: Db, identifier: string, ownCollection: string): Promise<boolean> {
  const [workflow] = await db.select({ id: workflows.id }).from(workflows).where(eq(workflows.identifier, identifier)).limit(1);
  if (workflow) return true;
  const [application] = await db
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.id, identifier), ne(items.collectionId, ownCollection), isApplicationItem))
    .limit(1);
  return application !== undefined;
}
