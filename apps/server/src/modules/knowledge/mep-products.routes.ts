import type { FastifyInstance, FastifyRequest } from 'fastify';
import { mepProductOperations as operations, type ProductSearchRequest, type ProductSearchResponse } from '@asb/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import { SIGNED_IN } from '../../platform/http/access.js';
import { validationErrors } from '../../platform/http/errors.js';
import { mount } from '../../platform/http/operations.js';

/**
 * What this route asks of the resource catalogue: its product search (docs/catalogue.md
 * "Product search sources"), the same one `POST /resource-catalogue/products/search` answers.
 * The composition root hands it over, since the knowledge store imports no other module.
 */
interface ProductFinder {
  search(query: ProductSearchRequest, principal: Principal | null, request: FastifyRequest): Promise<ProductSearchResponse>;
}

/** `w,s,e,n` as four numbers; their ranges are the product search's to check. */
function bboxOf(text: string): [number, number, number, number] {
  const parts = text.split(',').map((part) => part.trim());
  const numbers = parts.map(Number);
  if (parts.length !== 4 || parts.some((part) => part === '') || !numbers.every(Number.isFinite)) {
    throw validationErrors([{ detail: 'bbox must be 4 numbers: west, south, east, north.', parameter: 'bbox', field: 'bbox' }]);
  }
  return numbers as [number, number, number, number];
}

/** Spec 1 §7 Knowledge "GET mep/products with query parameters" (docs/decisions.md "mep/products"). */
export function registerMepProducts(app: FastifyInstance, finder: ProductFinder): void {
  const access = { ...SIGNED_IN, permission: 'catalogue collection: public, or its owner, staff or a member of a workspace it is shared with' };
  mount(app, operations, 'GET /knowledge/v1/mep/products', { access, tags: ['knowledge'] }, async (request) => {
    const { collection, bbox, start, end, limit, offset } = request.query;
    const query: ProductSearchRequest = { collection, boundingBox: bboxOf(bbox), dateRange: { start, end }, limit, offset };
    return finder.search(query, request.principal, request);
  });
}
