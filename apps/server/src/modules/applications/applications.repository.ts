import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { users, workspaces } from '../../platform/db/schema.js';
import type { Db } from '../../platform/db/client.js';
import { isStorableText } from '../../platform/http/ids.js';
import {
  catalogueCollections as collections,
  catalogueCollectionWorkspaces as collectionWorkspaces,
  catalogueItems as items,
} from '../catalogue/catalogue.schema.js';
import { isApplicationItem } from '../catalogue/catalogue-conditions.js';
import { applicationPackages as packages } from './applications.schema.js';

export { APPLICATION_ITEM as APPLICATION_TYPE } from '../catalogue/catalogue-item-kinds.js';

/** A catalogue collection as the applications module reads it: with its owner's username and its workspaces. */
export interface CollectionRow {
  id: string;
  ownerId: number;
  ownerName: string;
  isPublic: boolean;
  document: Record<string, unknown>;
  workspaceIds: number[];
  workspaces: { id: number; identifier: string }[];
  createdAt: Date;
  updatedAt: Date;
}

/** An application item (its package's size and media type beside, not its text). */
export interface ApplicationRow {
  collectionId: string;
  id: string;
  properties: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
  hasPackage: boolean;
}

const applicationColumns = {
  collectionId: items.collectionId,
  id: items.id,
  properties: items.properties,
  createdAt: items.createdAt,
  updatedAt: items.updatedAt,
  hasPackage: sql<boolean>`${packages.itemId} IS NOT NULL`,
};

/** The tables of catalogue collections and application items (the catalogue's tables; the packages' own). */
export class ApplicationsRepository {
  constructor(private readonly db: Db) {}

  /** Collections with owners and workspaces, every one or those of `ids`, by owner then identifier. */
  async collections(asked?: string[]): Promise<CollectionRow[]> {
    // an id PostgreSQL cannot hold names nothing (and would fail the query)
    const ids = asked?.filter(isStorableText);
    if (ids?.length === 0) return [];
    const rows = await this.db
      .select({
        id: collections.id,
        ownerId: collections.ownerId,
        ownerName: sql<string>`coalesce(${users.username}, '')`,
        isPublic: collections.isPublic,
        document: collections.document,
        createdAt: collections.createdAt,
        updatedAt: collections.updatedAt,
      })
      .from(collections)
      .leftJoin(users, eq(users.id, collections.ownerId))
      .where(ids ? inArray(collections.id, ids) : undefined)
      .orderBy(asc(users.username), asc(collections.id));
    const shared = await this.db
      .select({ collectionId: collectionWorkspaces.collectionId, id: workspaces.id, identifier: workspaces.identifier })
      .from(collectionWorkspaces)
      .innerJoin(workspaces, eq(workspaces.id, collectionWorkspaces.workspaceId))
      .where(ids ? inArray(collectionWorkspaces.collectionId, ids) : undefined)
      .orderBy(asc(workspaces.identifier));
    return rows.map((row) => {
      const own = shared.filter((entry) => entry.collectionId === row.id);
      return { ...row, workspaceIds: own.map((entry) => entry.id), workspaces: own.map(({ id, identifier }) => ({ id, identifier })) };
    });
  }

  async collection(id: string): Promise<CollectionRow | undefined> {
    return (await this.collections([id]))[0];
  }

  /** Which of these workspaces exist. */
  async workspaceIds(ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.select({ id: workspaces.id }).from(workspaces).where(inArray(workspaces.id, ids));
    return rows.map((row) => row.id);
  }

  /** How many applications each collection holds. */
  async applicationCounts(): Promise<Map<string, number>> {
    const rows = await this.db
      .select({ collectionId: items.collectionId, n: sql<number>`count(*)::int` })
      .from(items)
      .where(isApplicationItem)
      .groupBy(items.collectionId);
    return new Map(rows.map((row) => [row.collectionId, Number(row.n)]));
  }

  /** Application items, newest first: of some collections, or one. */
  async applications(where: { collections: string[]; id?: string }): Promise<ApplicationRow[]> {
    if (where.collections.length === 0) return [];
    const conditions: SQL[] = [isApplicationItem, inArray(items.collectionId, where.collections)];
    if (where.id !== undefined) conditions.push(eq(items.id, where.id));
    return this.db
      .select(applicationColumns)
      .from(items)
      .leftJoin(packages, and(eq(packages.collectionId, items.collectionId), eq(packages.itemId, items.id)))
      .where(and(...conditions))
      .orderBy(desc(items.createdAt), asc(items.id));
  }

  async application(collectionId: string, id: string): Promise<ApplicationRow | undefined> {
    return (await this.applications({ collections: [collectionId], id }))[0];
  }

  /** Whether the collection holds any item (an application or a product) of this id. */
  async itemExists(collectionId: string, id: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: items.id })
      .from(items)
      .where(and(eq(items.collectionId, collectionId), eq(items.id, id)));
    return row !== undefined;
  }

  async packageText(collectionId: string, id: string): Promise<{ cwl: string; mediaType: string } | undefined> {
    const [row] = await this.db
      .select({ cwl: packages.cwl, mediaType: packages.mediaType })
      .from(packages)
      .where(and(eq(packages.collectionId, collectionId), eq(packages.itemId, id)));
    return row;
  }

  /** Writes the item and its package in one transaction (replacing both when `row` exists). */
  async saveApplication(row: typeof items.$inferInsert, cwl: { text: string; mediaType: string }): Promise<void> {
    await this.db.transaction(async (tx) => {
      const { collectionId, id, ...rest } = row;
      await tx
        .insert(items)
        .values(row)
        .onConflictDoUpdate({ target: [items.collectionId, items.id], set: { ...rest, updatedAt: new Date() } });
      const size = Buffer.byteLength(cwl.text, 'utf8');
      await tx
        .insert(packages)
        .values({ collectionId, itemId: id, cwl: cwl.text, mediaType: cwl.mediaType, size })
        .onConflictDoUpdate({
          target: [packages.collectionId, packages.itemId],
          set: { cwl: cwl.text, mediaType: cwl.mediaType, size, updatedAt: new Date() },
        });
    });
  }

  /** Replaces an application item's properties and assets. */
  async updateApplication(collectionId: string, id: string, change: { properties: Record<string, unknown>; datetime: Date }): Promise<void> {
    await this.db
      .update(items)
      .set({ properties: change.properties, datetime: change.datetime, startAt: change.datetime, endAt: change.datetime, updatedAt: new Date() })
      .where(and(eq(items.collectionId, collectionId), eq(items.id, id)));
  }

  /** Moves an application to another collection (its package follows: ON UPDATE CASCADE), with its new assets. */
  async moveApplication(from: string, to: string, id: string, assets: Record<string, Record<string, unknown>>): Promise<void> {
    await this.db
      .update(items)
      .set({ collectionId: to, assets, updatedAt: new Date() })
      .where(and(eq(items.collectionId, from), eq(items.id, id)));
  }

  async deleteApplication(collectionId: string, id: string): Promise<boolean> {
    const deleted = await this.db
      .delete(items)
      .where(and(eq(items.collectionId, collectionId), eq(items.id, id), isApplicationItem))
      .returning({ id: items.id });
    return deleted.length > 0;
  }
}
