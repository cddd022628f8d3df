import type { BaseAttributes } from '@asb/contracts';
import type { Action, ResourceContract } from '@asb/contracts';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Principal } from '../auth/principal.js';
import type { PlatformContext } from '../context.js';
import type { Db } from '../db/client.js';

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

/**
 * The resource as permission checks see it: its row and the workspaces it is shared
 * with. A child resource (see `inheritsFrom`) carries its parent, and its workspaces
 * are the parent's.
 */
export interface LoadedResource<R extends ResourceRow = ResourceRow> {
  row: R;
  workspaceIds: number[];
  parent?: LoadedResource;
}

/** The generic operations a definition may switch off (405 with the given reason). */
export type ResourceOperation = 'create' | 'update' | 'archive' | 'delete';

/**
 * A child resource belongs to a parent resource and has no permissions of its own:
 * it is visible when its parent is, every action needs that action on the parent
 * (the parent's owner and workspaces decide), a child of an archived parent only
 * allows 'view', and the child is never shared on its own. Process buckets, versions
 * and images are children of their process (docs/permissions.md).
 */
export interface ParentLink {
  /** the parent's definition: its visibility and authorize rules apply to the children */
  definition: ResourceDefinition;
  /** the child's column that points at the parent */
  foreignKey: AnyPgColumn;
  /** the parent's column the foreign key holds; default the parent's id */
  references?: AnyPgColumn;
  /**
   * JSON:API relationship naming the parent: POST takes
   * `relationships.{relationship}.data = {type, id}`, and the filters
   * `{relationship}.id` and `{relationship}__identifier` come with it.
   */
  relationship: string;
  /** what creating a child needs on the parent; default 'change' */
  createAction?: Action;
  /** 400 detail of a non-view action on a child of an archived parent */
  archivedMessage?: string;
  /**
   * Every child is written with its parent's owner as its own `owner_id` (whose owner never
   * changes), and has a parent: a list then reads the child's own rows by the child's own
   * `(owner_id, created_at)` index, as the parent's list does (ParentResolver.visibleParts).
   */
  ownerFollowsParent?: boolean;
}

/**
 * Everything the generic JSON:API machinery needs to serve one resource type:
 * list with page/sort/filter/search, get, create, patch, delete, archive,
 * unarchive and share. Each later resource is one such definition, made from its
 * contract with `resourceOf(contract).define<Row>({...})` (resource-contract.ts), which
 * types its hooks by the contract's schemas.
 */
export interface ResourceDefinition<R extends ResourceRow = ResourceRow, A extends BaseAttributes = BaseAttributes & Record<string, unknown>> {
  /**
   * never set: the type of the attributes this type answers (its contract's), carried so
   * that the service and the routes built from the definition answer typed documents
   */
  readonly answers?: A;
  /**
   * the type's contract (packages/contracts): its operations are mounted from it and
   * answer through its schemas; `type`, `name`, `prefix` and the schemas are the contract's
   */
  contract?: ResourceContract;
  /** URL segment and JSON:API type, e.g. 'workspaces' */
  type: string;
  /** human name used in messages, e.g. 'workspace' */
  name: string;
  /** service prefix the routes are mounted under, e.g. '/knowledge/v1' */
  prefix: string;
  table: ResourceTable;
  /** validated attributes of POST; returns the insert values (identifier, label, slug and own columns) */
  createSchema: z.ZodType;
  /** `parent` is the loaded parent of a child resource (`inheritsFrom`) */
  toInsert(
    attributes: Record<string, unknown>,
    principal: Principal,
    ctx: PlatformContext,
    parent?: LoadedResource,
  ): Promise<Record<string, unknown>> | Record<string, unknown>;
  updateSchema: z.ZodType;
  toUpdate?(
    attributes: Record<string, unknown>,
    row: R,
    ctx: PlatformContext,
    principal: Principal,
  ): Promise<Record<string, unknown>> | Record<string, unknown>;
  /** called with the written row inside the transaction of a create or an update (e.g. to keep a version history) */
  afterWrite?(row: R, tx: Db, principal: Principal): Promise<void>;
  /** called after an update, an archive or unarchive, or a delete has been written, with the row as it was before (e.g. to announce a change live) */
  afterChange?(before: R, ctx: PlatformContext): Promise<void>;
  /** columns an archive writes with `isArchived`, in the same statement (a schedule is disabled: spec 3); an unarchive undoes none of them */
  archivedValues?(row: R): Record<string, unknown>;
  /** own attributes beyond the base ones; `parent` is the parent row of a child resource */
  attributes?(row: R, parent?: ResourceRow): Record<string, unknown>;
  /** columns matched by filter[search] (ILIKE); default identifier and label */
  searchColumns?: AnyPgColumn[];
  /** extra filter[{name}] handlers; the base ones are ownerId, identifier, isArchived, workspaces.identifier, inWorkspace */
  filters?: Record<string, (value: string, principal: Principal) => SQL | undefined>;
  /** extra sortable fields beyond id, identifier, label, ownerId, createdAt, updatedAt */
  sortable?: Record<string, AnyPgColumn | SQL>;
  defaultSort?: string;
  shareable: boolean;
  /** a child resource: permissions come from the parent (see ParentLink) */
  inheritsFrom?: ParentLink;
  /** operations this type does not offer, with the reason answered as 405 */
  disabled?: Partial<Record<ResourceOperation, string>>;
  /**
   * Why this row refuses an action whoever asks (a released bucket cannot change):
   * answered as 400 and shown as a false permission.
   */
  lockedReason?(row: R, action: Action): string | undefined;
  /** who may create; default: any signed-in user */
  canCreate?(principal: Principal): boolean;
  /**
   * The rows of the table this type lists (another type may list the others: executions of
   * workflows, ades-tasks of applications); the rows outside are still served by id.
   */
  listScope?: SQL;
  /** The rows of the table this type is at all: listed, and loaded by id (others are 404); `includes` is the same rule on a loaded row. */
  scope?: { where: SQL; includes(row: R): boolean };
  /**
   * which rows a user may see; default (`byDefault`, given so a type may widen it): own rows and
   * rows shared with one of the user's workspaces, every row for a superuser (undefined)
   */
  visibleTo?(principal: Principal, byDefault: SQL | undefined): SQL | undefined;
  /** action check; default: the permission module's `can` (children: also the parent's rule) */
  authorize?(principal: Principal, action: Action, resource: LoadedResource<R>): boolean;
  /** who may put a resource into a workspace; default: the permission module's canAddToWorkspace */
  canShareInto?(principal: Principal, workspaceId: number): boolean;
  /** message of a duplicate identifier */
  duplicateMessage?: string;
  /** attribute a duplicate identifier error points at, given the parsed POST attributes; default 'identifier' */
  duplicateField?(attributes: Record<string, unknown>): string;
  /**
   * How often POST computes the insert values again after a duplicate identifier:
   * for identifiers numbered from existing rows, which two simultaneous requests
   * may compute alike. Default 0.
   */
  duplicateRetries?: number;
  /** called inside the delete transaction, with it, before the row goes; may throw to refuse */
  onDelete?(resource: LoadedResource<R>, tx: Db): Promise<void>;
}
