import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { resourceColumns } from '../../platform/db/resource-columns.js';

/**
 * Requests of data collections (spec 3 §2 "Collection requests", §3; docs/collection-requests.md):
 * a user asks the platform's operators for a new collection; staff move its status. The
 * identifier is `urn:eop:MEPWPS:{normalised name}`, the label its title.
 */
export const collectionRequests = pgTable(
  'collection_requests',
  {
    ...resourceColumns(),
    geometry: jsonb('geometry'),
    lang: text('lang').notNull().default(''),
    publisher: text('publisher').notNull().default(''),
    keywords: jsonb('keywords').$type<string[]>().notNull().default([]),
    rights: text('rights').notNull().default(''),
    contactPoint: jsonb('contact_point'),
    abstract: text('abstract').notNull().default(''),
    acquisitionInformation: jsonb('acquisition_information'),
    authors: jsonb('authors').$type<{ type: string; email: string; name: string }[]>().notNull().default([]),
    additionalAttributes: jsonb('additional_attributes').$type<{ key: string; value: string }[]>().notNull().default([]),
    distribution: jsonb('distribution'),
    categories: jsonb('categories'),
    productInformation: jsonb('product_information'),
    authorizations: jsonb('authorizations'),
    srcDataAccess: text('src_data_access').notNull().default(''),
    dstDataAccess: text('dst_data_access').notNull().default(''),
    esIndex: text('es_index').notNull().default(''),
    /** the request as the requester sent it */
    requestPayload: jsonb('request_payload').notNull(),
    /** pending → running → created, or denied (staff) */
    status: text('status').notNull().default('pending'),
  },
  (t) => [index('collection_requests_owner_idx').on(t.ownerId, t.createdAt)],
);
