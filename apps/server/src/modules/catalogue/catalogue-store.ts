import type { StacItem } from '@asb/contracts';
import type { Principal } from '../../platform/auth/principal.js';

/**
 * What the rest of the server asks of the resource catalogue (docs/catalogue.md): the demo
 * seeds it, ingest fills it, the engine resolves product inputs through it, the tile service
 * checks asset access through it. The catalogue module implements it over its tables.
 */
export interface CatalogueStore {
  /** Creates or replaces a collection (the STAC Collection document), owned by `ownerId`. */
  upsertCollection(collection: StacCollectionDocument, options: { ownerId: number; isPublic: boolean; workspaceIds?: number[] }): Promise<void>;
  /** Creates or replaces items of an existing collection, all or none; idempotent. */
  upsertItems(collectionId: string, items: StacItem[]): Promise<{ created: number; replaced: number }>;
  /** The item, as its STAC document with the portal's links, when `principal` (null: signed out) may see its collection. */
  readItem(principal: Principal | null, collectionId: string, itemId: string): Promise<StacItem | undefined>;
  /** Whether `principal` may read the collection (public, owner, staff, or a shared workspace). */
  canRead(principal: Principal | null, collectionId: string): Promise<boolean>;
}

/** A STAC Collection document as stored (its links are the portal's when served). */
export type StacCollectionDocument = Record<string, unknown> & { type: 'Collection'; id: string; stac_version: string };
