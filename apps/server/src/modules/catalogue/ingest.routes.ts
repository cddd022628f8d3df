import type { FastifyInstance } from 'fastify';
import { catalogueIngestOperations as operations } from '@asb/contracts';
import type { AppContext } from '../../app-context.js';
import { STAFF } from '../../platform/http/access.js';
import { mount } from '../../platform/http/operations.js';
import { collectionIdRefusal } from './catalogue-access.js';
import { ingestStac } from './ingest.js';

/** An ingest over HTTP waits for its answer: a catalog larger than this is one for the CLI. */
const HTTP_MAX_DOCUMENTS = 10_000;

/**
 * `asb catalogue ingest` for staff over HTTP (docs/catalogue.md "Ingest"): only a URL (read
 * through the outbound-fetch guard, never a file of the server), the caller owns what is written.
 */
export function registerCatalogueIngest(app: FastifyInstance, ctx: AppContext): void {
  mount(app, operations, 'POST /resource-catalogue/ingest', { access: STAFF, tags: ['catalogue'] }, async (request) => {
    const { url, collection, public: isPublic, skipInvalid } = request.body;
    return ingestStac(
      url,
      { store: ctx.catalogue, outbound: ctx.outbound },
      {
        ownerId: request.principal.id,
        isPublic,
        collection,
        skipInvalid,
        maxDocuments: HTTP_MAX_DOCUMENTS,
        refuseCollection: (id) => collectionIdRefusal(request.principal, id),
      },
    );
  });
}
