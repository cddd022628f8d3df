import { z } from 'zod';

/** JSON:API envelopes used by every knowledge/builder resource. */
export const relationshipRefSchema = z.object({ type: z.string(), id: z.string() });
export type RelationshipRef = z.infer<typeof relationshipRefSchema>;

export const paginationSchema = z.object({
  page: z.number().int(),
  pages: z.number().int(),
  count: z.number().int(),
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

export interface ResourceObject<A = BaseAttributes> {
  type: string;
  id: string;
  attributes: A;
  /** workspaces it is shared with; a child resource also names its parent (e.g. `process` of a version) */
  relationships: { workspaces: { data: RelationshipRef[] } } & Record<string, { data: RelationshipRef | RelationshipRef[] }>;
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
  source?: { pointer: string };
}

export interface ErrorDocument {
  errors: ErrorObject[];
}

/** Payload of POST/PATCH: data{type, id?, attributes, relationships?} */
export function resourcePayloadSchema<T extends z.ZodType>(attributes: T) {
  return z.object({
    data: z.object({
      type: z.string(),
      id: z.string().optional(),
      attributes: attributes,
      relationships: z
        .object({ workspaces: z.object({ data: z.array(relationshipRefSchema) }).optional() })
        .optional(),
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
