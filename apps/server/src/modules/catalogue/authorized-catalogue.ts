import type { StacItem } from '@asb/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import { notFound, permissionDenied } from '../../platform/http/errors.js';
import { canReadCollection, canWriteCollection, readScopeOf } from './catalogue-access.js';
import { itemDocument, type CatalogueUrls, type StoredCollection } from './catalogue-documents.js';
import type { CatalogueRepository } from './catalogue.repository.js';
import type { CatalogueStore, StacCollectionDocument } from './catalogue-store.js';
import type { ItemPage, ItemQuery } from './item-query.js';

/**
 * The catalogue as a caller may see it (Backstage's AuthorizedEntitiesCatalog): every read
 * takes the caller and asks the policy (catalogue-access.ts) before or inside the storage's
 * query. Writes go to `storage` once a route has checked `writableCollection`; the server's
 * own writes (demo, ingest, applications) pass through upsertCollection/upsertItems.
 */
export class AuthorizedCatalogue implements CatalogueStore {
  constructor(
    readonly storage: CatalogueRepository,
    /** the URLs of documents read outside a request (readItem): the portal's configured public URL */
    private readonly defaultUrls: CatalogueUrls,
  ) {}

  /** The collections `principal` may read, by id (productsOnly: see CatalogueRepository.listCollections). */
  async readableCollections(principal: Principal | null, options: { productsOnly?: boolean } = {}): Promise<StoredCollection[]> {
    return (await this.storage.listCollections(options)).filter((row) => canReadCollection(principal, row));
  }

  async canRead(principal: Principal | null, collectionId: string): Promise<boolean> {
    const row = await this.storage.getCollection(collectionId);
    return row !== undefined && canReadCollection(principal, row);
  }

  /** The collection `principal` may read, else 404 (a private collection is not revealed). */
  async readableCollection(principal: Principal | null, id: string): Promise<StoredCollection> {
    const row = await this.storage.getCollection(id);
    if (!row || !canReadCollection(principal, row)) throw notFound(`No collection "${id}".`);
    return row;
  }

  /** The collection `principal` may write: 404 when invisible, 403 when only readable. */
  async writableCollection(principal: Principal | null, id: string): Promise<StoredCollection> {
    const row = await this.readableCollection(principal, id);
    if (!canWriteCollection(principal, row)) throw permissionDenied();
    return row;
  }

  async readItem(principal: Principal | null, collectionId: string, itemId: string, options: { urls?: CatalogueUrls } = {}): Promise<StacItem | undefined> {
    if (!(await this.canRead(principal, collectionId))) return undefined;
    const row = await this.storage.getItem(collectionId, itemId);
    return row ? itemDocument(row, options.urls ?? this.defaultUrls) : undefined;
  }

  /** Whether `principal` may read an item whose properties contain these (jsonb containment). */
  readableItemWith(principal: Principal | null, properties: Record<string, unknown>): Promise<boolean> {
    return this.storage.hasItemWith(readScopeOf(principal), properties);
  }

  /** A page of the items `principal` may read that match `query`, and how many match. */
  search(query: ItemQuery, principal: Principal | null): Promise<ItemPage> {
    return this.storage.search(query, readScopeOf(principal));
  }

  /** The same page as JSON texts of its items, made by the database (catalogue-feature-json.ts). */
  searchFeatures(query: ItemQuery, principal: Principal | null, urls: CatalogueUrls): Promise<{ features: string[]; matched: number | undefined }> {
    return this.storage.searchFeatures(query, readScopeOf(principal), urls);
  }

  upsertCollection(collection: StacCollectionDocument, options: { ownerId: number; isPublic: boolean; workspaceIds?: number[] }): Promise<void> {
    return this.storage.upsertCollection(collection, options);
  }

  upsertItems(collectionId: string, items: StacItem[]): Promise<{ created: number; replaced: number }> {
    return this.storage.upsertItems(collectionId, items);
  }
}
