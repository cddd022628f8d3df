import type { DatastorePaths } from '../../engine/store/datastore-paths.js';
import { readLocal, type RangeRequest, type StoredFile } from '../../engine/store/datastore.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { CatalogueStore } from './catalogue-store.js';

/** A file of a local catalogue item: its folder and the path inside it. */
export interface CatalogueAssetRef {
  collectionId: string;
  itemId: string;
  /** the item's folder (DatastorePaths.catalogueDir) */
  root: string;
  /** the decoded, `/`-separated path inside it */
  relative: string;
}

/**
 * The files of local catalogue items (docs/catalogue.md "Assets"): they live in the data
 * directory under catalogue/{collection}/{item}/ (always local, whatever the executions'
 * datastore), and whoever may read the collection may read them — signed out too when it is
 * public. An invisible collection reads as missing (404), as in the STAC API.
 */
export class CatalogueAssets {
  constructor(
    private readonly store: Pick<CatalogueStore, 'canRead'>,
    private readonly paths: Pick<DatastorePaths, 'catalogueDir'>,
  ) {}

  /** The asset's folder and path, or undefined when `principal` may not read the collection (or the ids cannot name a folder). */
  async locate(principal: Principal | null, collectionId: string, itemId: string, relative: string): Promise<CatalogueAssetRef | undefined> {
    if (collectionId === '' || itemId === '' || !(await this.store.canRead(principal, collectionId))) return undefined;
    return { collectionId, itemId, root: this.paths.catalogueDir(collectionId, itemId), relative };
  }

  /** The file (or its range) for `principal`; undefined when it is missing, outside the item's folder, or not readable for them. RangeNotSatisfiable for a range past its end. */
  async read(principal: Principal | null, collectionId: string, itemId: string, relative: string, range?: RangeRequest): Promise<StoredFile | undefined> {
    const ref = await this.locate(principal, collectionId, itemId, relative);
    return ref ? readLocal(ref.root, ref.relative, range) : undefined;
  }
}

/** The decoded `/`-separated path of a catalogue asset URL's still-encoded path; undefined for `.`/`..`/empty segments, NUL or backslashes. */
export function decodeAssetPath(encoded: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
  if (/[\\\0]/.test(decoded)) return undefined;
  const segments = decoded.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return undefined;
  return segments.join('/');
}
