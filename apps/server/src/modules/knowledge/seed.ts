import type { Db } from '../../platform/db/client.js';
import { dataTypes, softwareDependencies } from './processes.schema.js';
import { SEED_DATA_TYPES } from './seed-data-types.js';
import { SEED_SOFTWARE_DEPENDENCIES } from './seed-software-dependencies.js';

/** owner of the seeded rows; catalogues are staff-curated, so the owner grants nothing */
const SEED_OWNER = 'system';

/**
 * Inserts the seeded catalogue entries that are missing, at every start. One
 * statement per table with ON CONFLICT DO NOTHING: replicas starting together
 * do not fail, and the ids follow the list order on a fresh database (the data
 * type order is part of the contract, see seed-data-types.ts).
 */
export async function seedCatalogues(db: Db): Promise<void> {
  await db
    .insert(dataTypes)
    .values(SEED_DATA_TYPES.map((type) => ({ ...type, slug: type.identifier, ownerId: SEED_OWNER })))
    .onConflictDoNothing();
  await db
    .insert(softwareDependencies)
    .values(SEED_SOFTWARE_DEPENDENCIES.map((dependency) => ({ ...dependency, slug: dependency.identifier, ownerId: SEED_OWNER })))
    .onConflictDoNothing();
}
