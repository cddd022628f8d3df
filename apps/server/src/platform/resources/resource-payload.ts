import type { RelationshipRef } from '@asb/contracts';
import type { z } from 'zod';
import { attributeErrors } from '../http/errors.js';

export interface ListParams {
  page?: number;
  size?: number;
  sort?: string;
  filters: Record<string, string>;
}

type RelationshipData = RelationshipRef | RelationshipRef[] | null;

export interface Payload {
  data: {
    type: string;
    id?: string;
    attributes?: Record<string, unknown>;
    /** workspaces (sharing) and, for a child resource, its parent */
    relationships?: { workspaces?: { data: RelationshipRef[] } } & Record<string, { data: RelationshipData } | undefined>;
  };
}

/** Validates with a zod schema and turns issues into JSON:API attribute errors. */
export function parseAttributes<T>(schema: z.ZodType<T>, attributes: unknown): T {
  const result = schema.safeParse(attributes ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'non_field_errors');
    fields[field] ??= issue.message;
  }
  throw attributeErrors(fields);
}
