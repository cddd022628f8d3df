import type { StacItem } from '@asb/contracts';
import type { Principal } from '../../src/platform/auth/principal.js';
import type { CatalogueStore, StacCollectionDocument } from '../../src/modules/catalogue/catalogue-store.js';

/**
 * The CatalogueStore port in memory, for tests of what uses the port (staging, assets): the
 * same visibility rule as the catalogue's (public, the owner, staff), without workspaces.
 */
export class MemoryCatalogueStore implements CatalogueStore {
  readonly collections = new Map<string, { document: StacCollectionDocument; ownerId: number; isPublic: boolean; items: Map<string, StacItem> }>();

  async upsertCollection(document: StacCollectionDocument, options: { ownerId: number; isPublic: boolean }): Promise<void> {
    const items = this.collections.get(document.id)?.items ?? new Map<string, StacItem>();
    this.collections.set(document.id, { document, ownerId: options.ownerId, isPublic: options.isPublic, items });
  }

  async upsertItems(collectionId: string, items: StacItem[]): Promise<{ created: number; replaced: number }> {
    const collection = this.collections.get(collectionId);
    if (!collection) throw new Error(`no collection ${collectionId}`);
    let replaced = 0;
    for (const item of items) {
      if (collection.items.has(item.id)) replaced++;
      collection.items.set(item.id, item);
    }
    return { created: items.length - replaced, replaced };
  }

  async readItem(principal: Principal | null, collectionId: string, itemId: string): Promise<StacItem | undefined> {
    if (!(await this.canRead(principal, collectionId))) return undefined;
    return this.collections.get(collectionId)?.items.get(itemId);
  }

  async canRead(principal: Principal | null, collectionId: string): Promise<boolean> {
    const collection = this.collections.get(collectionId);
    if (!collection) return false;
    return collection.isPublic || (principal !== null && (principal.isStaff || principal.id === collection.ownerId));
  }
}

/** A signed-in user as the permission checks see them. */
export const principal = (id: number, username: string): Principal => ({ id, username, isStaff: false, isSuperuser: false, roles: new Map() });
