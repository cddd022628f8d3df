import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ProductSearchRequest, ProductSearchResponse } from '@asb/contracts';
import type { AppContext } from '../../app-context.js';
import type { Principal } from '../../platform/auth/principal.js';
import { publicBaseUrl } from '../../platform/http/public-url.js';
import { registerCatalogueFaces } from './catalogue-faces.routes.js';
import type { AuthorizedCatalogue } from './authorized-catalogue.js';
import { registerStacRoutes } from './catalogue.routes.js';
import { registerStacTransactions } from './stac-transactions.routes.js';
import { LocalProductSource, ProductSearch, type ProductSource } from './product-search.js';

/** The product search's documents link into this STAC root, as those of the spec's other calls. */
const productUrls = (base: string) => ({ base, root: `${base}/resource-catalogue/stac` });

/**
 * The resource catalogue (docs/catalogue.md): the STAC API under both prefixes and the spec's
 * own calls, over the catalogue the app made (ctx.catalogue). `sources` are product sources
 * searched before this catalogue (remote STAC APIs); the local one comes last and owns the rest.
 * Answers the product search for the other face of it, knowledge's `GET mep/products`.
 */
export function registerCatalogue(app: FastifyInstance, ctx: AppContext, catalogue: AuthorizedCatalogue, sources: ProductSource[] = []) {
  registerStacRoutes(app, ctx, catalogue);
  registerStacTransactions(app, ctx, catalogue);
  const products = new ProductSearch([...sources, new LocalProductSource(catalogue)]);
  registerCatalogueFaces(app, ctx, catalogue, products);
  return {
    search: (query: ProductSearchRequest, principal: Principal | null, request: FastifyRequest): Promise<ProductSearchResponse> =>
      products.search(query, principal, productUrls(publicBaseUrl(ctx.config, request))),
  };
}
