import { parseCatalogueAssetUrl, parseProductInputUrl } from '@asb/contracts';
import type { TaskJob } from '../../engine/executors/executor.js';
import { ProductStagingError, type ProductResolver, type ResolvedAsset, type ResolvedProduct } from '../../engine/runtime/product-stager.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { CatalogueStore } from './catalogue-store.js';

export interface ProductResolverOptions {
  store: CatalogueStore;
  /** the active user of a username (the execution's owner), as permission checks see them */
  principalOf(username: string): Promise<Principal | undefined>;
  /** origins that are this portal (ASB_PUBLIC_URL): a product link there is a local item */
  localOrigins: string[];
}

const RELATIVE = 'http://relative.invalid';

/**
 * Resolves the job's product inputs that name an item of this catalogue (docs/engine.md
 * "Staging products"), when the server submits the task: the item is read as the execution's
 * owner (who must be allowed to read it), each asset becomes its file in the catalogue's
 * folder (after checking the owner may read that asset's collection) or the http(s) URL to
 * download. The stager, wherever the attempt runs, works from this alone.
 */
export class CatalogueProductResolver implements ProductResolver {
  constructor(private readonly options: ProductResolverOptions) {}

  async resolve(job: TaskJob): Promise<Record<string, ResolvedProduct>> {
    const resolved: Record<string, ResolvedProduct> = {};
    for (const name of job.productInputs ?? []) {
      const value = job.inputs[name];
      if (typeof value !== 'string' || value.trim() === '') continue;
      const product = await this.resolveOne(name, value.trim(), job.owner);
      if (product) resolved[name] = product;
    }
    return resolved;
  }

  /** One input; undefined when its value names no local item (a remote one is the stager's, a plain identifier stays as it is). */
  private async resolveOne(name: string, value: string, owner: string | undefined): Promise<ResolvedProduct | undefined> {
    const link = parseProductInputUrl(value);
    if (link === undefined || (link.origin !== undefined && !this.options.localOrigins.includes(link.origin))) return undefined;
    if (!link.collectionId) throw new ProductStagingError(`Input ${name}: the product link ${value} names no collection.`);
    const principal = await this.ownerPrincipal(name, owner);
    const item = await this.options.store.readItem(principal, link.collectionId, link.itemId);
    if (!item)
      throw new ProductStagingError(`Input ${name}: the product ${link.collectionId}/${link.itemId} is not in the catalogue, or ${owner} may not read it.`);
    const assets: Record<string, ResolvedAsset> = {};
    const notes: string[] = [];
    for (const [key, asset] of Object.entries(item.assets)) {
      let href: URL;
      try {
        href = new URL(asset.href, `${RELATIVE}/`);
      } catch {
        notes.push(`Input ${name}: asset ${key} skipped: its href ${asset.href} is not a URL`);
        continue;
      }
      const file = this.catalogueFile(href);
      if (file) {
        if (!(await this.options.store.canRead(principal, file.collectionId)))
          throw new ProductStagingError(`Input ${name}: asset ${key} is in the collection ${file.collectionId}, which ${owner} may not read.`);
        assets[key] = { catalogue: file };
      } else if (href.protocol === 'http:' || href.protocol === 'https:') {
        assets[key] = { url: href.toString() };
      } else {
        notes.push(`Input ${name}: asset ${key} skipped: ${href.protocol} hrefs are not fetched`);
      }
    }
    return { item, collectionId: link.collectionId, assets, notes };
  }

  private async ownerPrincipal(name: string, owner: string | undefined): Promise<Principal> {
    const principal = owner === undefined ? undefined : await this.options.principalOf(owner);
    if (!principal)
      throw new ProductStagingError(`Input ${name}: the execution's owner ${owner ?? '(unknown)'} is not an active user, so no product can be read for them.`);
    return principal;
  }

  /** The catalogue file of an asset URL of this portal (root-relative, or on one of its origins), if it is one. */
  private catalogueFile(href: URL): { collectionId: string; itemId: string; path: string } | undefined {
    if (href.origin !== RELATIVE && !this.options.localOrigins.includes(href.origin)) return undefined;
    const asset = parseCatalogueAssetUrl(href.pathname);
    if (!asset) return undefined;
    try {
      return { collectionId: asset.collectionId, itemId: asset.itemId, path: decodeURIComponent(asset.encodedPath) };
    } catch {
      return undefined;
    }
  }
}
