import type { Action } from '@asb/contracts';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Principal } from '../auth/principal.js';
import type { AppContext } from '../context.js';

/** A table made with `resourceColumns()` plus its own columns. */
export type ResourceTable = PgTable & {
  id: AnyPgColumn;
  identifier: AnyPgColumn;
  label: AnyPgColumn;
  slug: AnyPgColumn;
  ownerId: AnyPgColumn;
  isArchived: AnyPgColumn;
  createdAt: AnyPgColumn;
  updatedAt: AnyPgColumn;
};

export interface ResourceRow {
  id: number;
  identifier: string;
  label: string;
  slug: string | null;
  ownerId: string;
  isArchived: boolean;
  createdAt: Date;
  updatedAt: Date;
  [column: string]: unknown;
}

/** The resource as permission checks see it: its row and the workspaces it is shared with. */
export interface LoadedResource<R extends ResourceRow = ResourceRow> {
  row: R;
  workspaceIds: number[];
}

/**
 * Everything the generic JSON:API machinery needs to serve one resource type:
 * list with page/sort/filter/search, get, create, patch, delete, archive,
 * unarchive and share. Each later resource is one such definition.
 */
export interface ResourceDefinition<R extends ResourceRow = ResourceRow> {
  /** URL segment and JSON:API type, e.g. 'workspaces' */
  type: string;
  /** human name used in messages, e.g. 'workspace' */
  name: string;
  /** service prefix the routes are mounted under, e.g. '/knowledge/v1' */
  prefix: string;
  table: ResourceTable;
  /** validated attributes of POST; returns the insert values (identifier, label, slug and own columns) */
  createSchema: z.ZodType;
  toInsert(attributes: Record<string, unknown>, principal: Principal, ctx: AppContext): Promise<Record<string, unknown>> | Record<string, unknown>;
  updateSchema: z.ZodType;
  toUpdate?(attributes: Record<string, unknown>, row: R): Record<string, unknown>;
  /** own attributes beyond the base ones */
  attributes?(row: R): Record<string, unknown>;
  /** columns matched by filter[search] (ILIKE); default identifier and label */
  searchColumns?: AnyPgColumn[];
  /** extra filter[{name}] handlers; the base ones are ownerId, identifier, isArchived, workspaces.identifier, inWorkspace */
  filters?: Record<string, (value: string, principal: Principal) => SQL | undefined>;
  /** extra sortable fields beyond identifier, label, ownerId, createdAt, updatedAt */
  sortable?: Record<string, AnyPgColumn>;
  defaultSort?: string;
  shareable: boolean;
  /** who may create; default: any signed-in user */
  canCreate?(principal: Principal): boolean;
  /** which rows a user may see; default: own rows and rows shared with one of the user's workspaces */
  visibleTo?(principal: Principal): SQL | undefined;
  /** action check; default: the permission module's `can` */
  authorize?(principal: Principal, action: Action, resource: LoadedResource<R>): boolean;
  /** who may put a resource into a workspace; default: the permission module's canAddToWorkspace */
  canShareInto?(principal: Principal, workspaceId: number): boolean;
  /** message of a duplicate identifier */
  duplicateMessage?: string;
  /** called inside the delete transaction before the row goes */
  onDelete?(resource: LoadedResource<R>, ctx: AppContext): Promise<void>;
}
