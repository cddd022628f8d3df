import type { FastifyInstance } from 'fastify';
import { productSourceOperations as operations, type ProductCollection } from '@asb/contracts';
import type { AppContext } from '../../app-context.js';
import { PUBLIC } from '../../platform/http/access.js';
import { mount } from '../../platform/http/operations.js';
import { collectionUrl } from './catalogue-documents.js';
import type { AuthorizedCatalogue } from './authorized-catalogue.js';
import { urlsOf } from './stac-request.js';
import type { RemoteStacSource } from './remote-stac.js';

const READ = { ...PUBLIC, permission: 'local collections: public, or its owner, staff or a member of a workspace it is shared with; remote ones: everyone' };

/**
 * The product search's collections (docs/catalogue.md "Remote catalogues"): the collection
 * selector of the Search products tab and the catalogue browser lists these, so a remote
 * catalogue's collections can be chosen beside the local ones.
 */
export function registerProductCollections(app: FastifyInstance, ctx: AppContext, catalogue: AuthorizedCatalogue, remotes: readonly RemoteStacSource[]): void {
  mount(app, operations, 'GET /resource-catalogue/products/collections', { access: READ, tags: ['catalogue'] }, async (request) => {
    const urls = urlsOf(ctx, request, '/resource-catalogue/stac');
    const local: ProductCollection[] = (await catalogue.readableCollections(request.principal, { productsOnly: true })).map((row) => ({
      id: row.id,
      title: typeof row.document.title === 'string' ? row.document.title : row.id,
      description: typeof row.document.description === 'string' ? row.document.description : null,
      source: 'local',
      href: collectionUrl(urls, row.id),
    }));
    // by the title the selector shows (its first is /products' default), not by id: `{publisher}:…` ids sort before the rest
    local.sort((a, b) => a.title.localeCompare(b.title) || a.id.localeCompare(b.id));
    const remote = await Promise.all(remotes.map(async (source) => ({ source: source.name, ...(await source.collections()) })));
    return {
      collections: [...local, ...remote.flatMap((entry) => entry.collections)],
      unavailable: remote.flatMap((entry) => (entry.error ? [{ source: entry.source, detail: entry.error }] : [])),
    };
  });
}
