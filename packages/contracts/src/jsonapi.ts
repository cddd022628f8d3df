import { z } from 'zod';

/** JSON:API envelopes used by every knowledge/builder resource. */
export const relationshipRefSchema = z.object({ type: z.string(), id: z.string() });
export type RelationshipRef = z.infer<typeof relationshipRefSchema>;

/**
 * meta.pagination (spec 1 §7: page, pages, count). A resource list counts exactly up to
 * LIST_COUNT_CAP rows past the page's first row and stops there: `capped: true` then says
 * `count` (and `pages` with it) is a lower bound, shown as '1 000+'; the next pages raise it.
 * An exact count has no `capped`.
 */
export const paginationSchema = z.object({
  page: z.number().int(),
  pages: z.number().int(),
  count: z.number().int(),
  capped: z.boolean().optional(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** Attributes every generic resource carries. */
export const baseAttributesSchema = z.object({
  identifier: z.string(),
  label: z.string(),
  slug: z.string().nullable(),
  ownerId: z.string(),
  isArchived: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** workspace id -> workspace identifier, for the badges of a row */
  workspaces: z.record(z.string(), z.string()),
  /** what the signed-in user may do with this resource (computed by the server) */
  permissions: z.object({ change: z.boolean(), delete: z.boolean(), share: z.boolean() }),
});
export type BaseAttributes = z.infer<typeof baseAttributesSchema>;

const relationshipsSchema = z
  .object({ workspaces: z.object({ data: z.array(relationshipRefSchema) }) })
  .catchall(z.object({ data: z.union([relationshipRefSchema, z.array(relationshipRefSchema)]) }));

/** One resource of a JSON:API answer, its attributes described by `attributes`. */
export function resourceObjectSchema<A extends z.ZodType>(attributes: A) {
  return z.object({
    type: z.string(),
    id: z.string(),
    attributes,
    /** workspaces it is shared with; a child resource also names its parent (e.g. `process` of a version) */
    relationships: relationshipsSchema,
  });
}
export function resourceDocumentSchema<A extends z.ZodType>(attributes: A) {
  return z.object({ data: resourceObjectSchema(attributes) });
}
export function listDocumentSchema<A extends z.ZodType>(attributes: A) {
  return z.object({ data: z.array(resourceObjectSchema(attributes)), meta: z.object({ pagination: paginationSchema }) });
}

export interface ResourceObject<A = BaseAttributes> {
  type: string;
  id: string;
  attributes: A;
  relationships: z.output<typeof relationshipsSchema>;
}

export interface ResourceDocument<A = BaseAttributes> {
  data: ResourceObject<A>;
}

export interface ListDocument<A = BaseAttributes> {
  data: ResourceObject<A>[];
  meta: { pagination: Pagination };
}

export interface ErrorObject {
  status: string;
  title?: string;
  detail: string;
  code?: string;
  /** a field of the body (JSON pointer), or the query or path parameter at fault */
  source?: { pointer: string } | { parameter: string };
}

export interface ErrorDocument {
  errors: ErrorObject[];
}

/**
 * The query of a generic list (spec 1 §7): page[number], page[size], sort and
 * filter[{name}]; a repeated parameter counts with its last value.
 */
export const listQuerySchema = z
  .object({
    'page[number]': z.string().optional(),
    'page[size]': z.string().optional(),
    sort: z.string().optional(),
    'filter[search]': z.string().optional(),
  })
  .catchall(z.union([z.string(), z.array(z.string())]));

/** The body of the generic POST and PATCH: data{type, id?, attributes?, relationships?} (attributes are checked by each type's schema). */
export const writePayloadSchema = z.object({
  data: z.object({
    type: z.string(),
    id: z.string().optional(),
    attributes: z.record(z.string(), z.unknown()).optional(),
    // workspaces (sharing) and, for a child resource, its parent: `{process: {data: {type, id}}}`
    relationships: z
      .object({ workspaces: z.object({ data: z.array(relationshipRefSchema) }).optional() })
      .catchall(z.object({ data: z.union([relationshipRefSchema, z.array(relationshipRefSchema), z.null()]) }))
      .optional(),
  }),
});
export type WritePayload = z.infer<typeof writePayloadSchema>;

/** Payload of POST/PATCH: data{type, id?, attributes, relationships?} (a child resource names its parent in relationships) */
export function resourcePayloadSchema<T extends z.ZodType>(attributes: T) {
  return z.object({
    data: z.object({
      type: z.string(),
      id: z.string().optional(),
      attributes: attributes.optional(),
      relationships: writePayloadSchema.shape.data.shape.relationships,
    }),
  });
}

export const shareRelationshipsSchema = z.object({
  workspaces: z.object({ data: z.array(relationshipRefSchema) }),
});

/** JSON:API pointer of a field error: /data/attributes/{field} */
export function attributePointer(field: string): string {
  return `/data/attributes/${field}`;
}
