import {
  COLLECTION_REQUEST_JSON_FIELDS,
  collectionRequestKeywords,
  collectionRequestsContract,
  jsonFieldError,
  normalizeCollectionIdentifier,
} from '@asb/contracts';
import { eq } from 'drizzle-orm';
import type { Principal } from '../../platform/auth/principal.js';
import { attributeErrors, detailError } from '../../platform/http/errors.js';
import { resourceOf } from '../../platform/resources/resource-contract.js';
import { collectionRequests } from './collection-requests.schema.js';

export type CollectionRequestRow = typeof collectionRequests.$inferSelect;

const isStaff = (principal: Principal) => principal.isStaff || principal.isSuperuser;
/** Spec 3 §8: the text of a request without identifier or title. */
const MANDATORY = 'Identifier and title are mandatory fields';

/** A JSON field as given: JSON text (the form) is parsed; a value is kept; blank is none. */
function jsonValue(field: string, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return null;
  const error = jsonFieldError(field, value);
  if (error) throw attributeErrors({ [field]: error });
  return JSON.parse(value) as unknown;
}

/**
 * Requests of data collections (spec 3 §2 "Collection requests", §5, §7 knowledge collections;
 * docs/collection-requests.md): anyone signed in requests one; the requester and staff see it;
 * only staff change its status (the requester hears of it live: collectionRequestUpdate) and
 * the requester or staff delete it. The identifier is normalised (`urn:eop:MEPWPS:...`), the
 * keywords always hold MEP-WPS, the JSON fields must parse.
 */
export const collectionRequestsResource = resourceOf(collectionRequestsContract).define<CollectionRequestRow>({
  table: collectionRequests,
  shareable: false,
  defaultSort: '-createdAt',
  disabled: { archive: 'Collection requests are not archived: delete one that is no longer wanted.' },
  visibleTo: (principal) => (isStaff(principal) ? undefined : eq(collectionRequests.ownerId, principal.username)),
  authorize: (principal, action, resource) => {
    if (isStaff(principal)) return true;
    const isOwn = resource.row.ownerId === principal.username;
    return isOwn && (action === 'view' || action === 'delete');
  },
  toInsert: (attributes, principal) => {
    const identifier = normalizeCollectionIdentifier(attributes.identifier);
    const title = attributes.title.trim();
    if (!identifier || !title) throw detailError(400, `${MANDATORY}.`);
    const json = Object.fromEntries(COLLECTION_REQUEST_JSON_FIELDS.map((field) => [field, jsonValue(field, attributes[field])]));
    return {
      identifier,
      label: title,
      slug: identifier.slice(identifier.lastIndexOf(':') + 1),
      ownerId: principal.username,
      ...json,
      lang: attributes.lang ?? '',
      publisher: attributes.publisher ?? '',
      keywords: collectionRequestKeywords(attributes.keywords ?? ''),
      rights: attributes.rights ?? '',
      abstract: attributes.abstract ?? '',
      authors: attributes.authors ?? [],
      additionalAttributes: attributes.additionalAttributes ?? [],
      srcDataAccess: attributes.srcDataAccess ?? '',
      dstDataAccess: attributes.dstDataAccess ?? '',
      esIndex: attributes.esIndex ?? '',
      requestPayload: { ...attributes, identifier, title },
      status: 'pending',
    };
  },
  toUpdate: (attributes) => ({ status: attributes.status }),
  afterChange: async (before, ctx) => {
    const [row] = await ctx.db.select({ status: collectionRequests.status }).from(collectionRequests).where(eq(collectionRequests.id, before.id));
    if (row && row.status !== before.status)
      await ctx.bus.publish({ type: 'collectionRequestUpdate', audience: before.ownerId, payload: { id: String(before.id), status: row.status } });
  },
  attributes: (row) => ({
    title: row.label,
    geometry: row.geometry,
    lang: row.lang,
    publisher: row.publisher,
    keywords: row.keywords,
    rights: row.rights,
    contactPoint: row.contactPoint,
    abstract: row.abstract,
    acquisitionInformation: row.acquisitionInformation,
    authors: row.authors,
    additionalAttributes: row.additionalAttributes,
    distribution: row.distribution,
    categories: row.categories,
    productInformation: row.productInformation,
    authorizations: row.authorizations,
    srcDataAccess: row.srcDataAccess,
    dstDataAccess: row.dstDataAccess,
    esIndex: row.esIndex,
    requestPayload: row.requestPayload,
    status: row.status,
  }),
  searchColumns: [collectionRequests.identifier, collectionRequests.label, collectionRequests.ownerId],
  sortable: { status: collectionRequests.status },
});
