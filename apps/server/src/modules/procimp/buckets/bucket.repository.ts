import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { processBuckets, softwareDependencies } from '../../knowledge/processes.schema.js';
import { workspaces } from '../../../platform/db/schema.js';

export type BucketRow = typeof processBuckets.$inferSelect;
export type SoftwareDependencyRow = Pick<typeof softwareDependencies.$inferSelect, 'identifier' | 'install' | 'isMain' | 'requirements'>;

/** Reads procimp needs beside the process access rule. */
export class BucketRepository {
  constructor(private readonly db: Db) {}

  async find(bucketId: number): Promise<BucketRow | undefined> {
    const [row] = await this.db.select().from(processBuckets).where(eq(processBuckets.id, bucketId));
    return row;
  }

  /** The identifier of the first (alphabetical) of the given workspaces. */
  async firstWorkspaceIdentifier(workspaceIds: number[]): Promise<string | undefined> {
    if (workspaceIds.length === 0) return undefined;
    const [row] = await this.db
      .select({ identifier: workspaces.identifier })
      .from(workspaces)
      .where(inArray(workspaces.id, workspaceIds))
      .orderBy(asc(workspaces.identifier))
      .limit(1);
    return row?.identifier;
  }

  async softwareDependencies(identifiers: string[]): Promise<SoftwareDependencyRow[]> {
    if (identifiers.length === 0) return [];
    return this.db
      .select({
        identifier: softwareDependencies.identifier,
        install: softwareDependencies.install,
        isMain: softwareDependencies.isMain,
        requirements: softwareDependencies.requirements,
      })
      .from(softwareDependencies)
      .where(inArray(softwareDependencies.identifier, identifiers));
  }
}
