import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { attributeErrors, detailError } from '../../platform/http/errors.js';
import { softwareDependencies } from './processes.schema.js';

/** Requirements name other software dependencies, never the dependency itself. */
export async function checkedRequirements(db: Db, identifier: string, requirements: string[]): Promise<string[]> {
  const unique = [...new Set(requirements)];
  if (unique.includes(identifier)) throw attributeErrors({ requirements: 'A software dependency cannot require itself.' });
  const known = unique.length
    ? await db.select({ identifier: softwareDependencies.identifier }).from(softwareDependencies).where(inArray(softwareDependencies.identifier, unique))
    : [];
  const missing = unique.filter((name) => !known.some((row) => row.identifier === name));
  if (missing.length) throw attributeErrors({ requirements: `Unknown software dependency: ${missing.join(', ')}.` });
  return unique;
}

/** Deleting a dependency others require would leave the generator's 'Missing requirement' for ever. */
export async function assertNotRequired(db: Db, identifier: string): Promise<void> {
  const dependents = await db
    .select({ identifier: softwareDependencies.identifier })
    .from(softwareDependencies)
    .where(sql`${softwareDependencies.requirements} @> ${JSON.stringify([identifier])}::jsonb`);
  if (dependents.length) {
    throw detailError(400, `Required by ${dependents.map((d) => d.identifier).join(', ')}: change those first.`);
  }
}
