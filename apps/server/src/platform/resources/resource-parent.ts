import type { Action } from '@asb/contracts';
import { and, eq, getTableColumns, inArray, ne, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Principal } from '../auth/principal.js';
import type { Db } from '../db/client.js';
import { detailError, permissionDenied } from '../http/errors.js';
import type { LoadedResource, ParentLink, ResourceDefinition, ResourceRow, ResourceTable } from './resource-definition.js';
import type { WorkspaceBadge } from './resource.repository.js';
import type { ResourceService } from './resource.service.js';
import { idFilter } from './resource-filters.js';

export type LoadedWithWorkspaces<R extends ResourceRow = ResourceRow> = LoadedResource<R> & { workspaces: WorkspaceBadge[] };

/** The property name drizzle gives a column in selected rows. */
function columnKey(table: ResourceTable, column: AnyPgColumn): string {
  const entry = Object.entries(getTableColumns(table)).find(([, candidate]) => candidate === column);
  if (!entry) throw new Error(`column ${column.name} is not a column of its table`);
  return entry[0];
}

/**
 * The link of a child resource to its parent (ParentLink): the SQL that limits
 * children to the parents a condition selects, the loading of parents, and the
 * parent's say in every action on a child.
 */
export class ParentResolver {
  private readonly foreignKeyName: string;
  private readonly references: AnyPgColumn;
  private readonly referencesName: string;
  private readonly parentDef: ResourceDefinition;

  constructor(
    private readonly db: Db,
    private readonly childTable: ResourceTable,
    readonly link: ParentLink,
    /** the parent type's service: its visibility, filters and authorize rules */
    readonly service: ResourceService,
  ) {
    this.parentDef = link.definition;
    this.foreignKeyName = columnKey(childTable, link.foreignKey);
    this.references = link.references ?? this.parentDef.table.id;
    this.referencesName = columnKey(this.parentDef.table, this.references);
  }

  /** children whose parent satisfies the condition; with none, children that have a parent */
  childrenOf(condition: SQL | undefined): SQL {
    return inArray(this.link.foreignKey, this.db.select({ key: this.references }).from(this.parentDef.table).where(condition));
  }

  /**
   * The children a principal may see as disjoint parts, each of which an index can serve
   * (ResourceService.visibleParts). A child type over its parent's own rows (ades-tasks are
   * executions) has the parent's parts. Children that carry their parent's owner have the
   * parent's default parts on their own columns: own rows by owner_id, and others' rows whose
   * parent is shared with one of the principal's workspaces. Otherwise one part, the children of
   * the visible parents: `fk IN (parents where owner = ? OR id IN shared)` defeats every index,
   * so a page of 20 read and sorted every child (bench/api/README.md, the tasks list).
   */
  visibleParts(principal: Principal): (SQL | undefined)[] {
    const parent = this.service;
    if (this.childTable === this.parentDef.table && this.link.foreignKey === this.references) return parent.visibleParts(principal);
    const byParentId = this.references === this.parentDef.table.id;
    if (!this.link.ownerFollowsParent || !byParentId || parent.parent || parent.def.visibleTo) return [this.childrenOf(parent.visibility(principal))];
    if (principal.isSuperuser) return [undefined];
    // the foreign key against the shared ids themselves: no probe of the parent table per child
    const sharedParents = parent.repository.sharedIds(parent.repository.memberWorkspaces(principal));
    return [
      eq(this.childTable.ownerId, principal.username),
      and(ne(this.childTable.ownerId, principal.username), inArray(this.link.foreignKey, sharedParents)),
    ];
  }

  /** the filters the link brings: parent by id or identifier, and sharing through the parent */
  handles(name: string): boolean {
    const rel = this.link.relationship;
    return [`${rel}.id`, `${rel}__identifier`, 'workspaces.identifier', 'inWorkspace'].includes(name);
  }

  filter(name: string, value: string, principal: Principal): SQL | undefined {
    const rel = this.link.relationship;
    const table = this.parentDef.table;
    if (name === `${rel}.id`) {
      return this.childrenOf(idFilter(name, table.id, `the id of a ${this.parentDef.name}`)(value));
    }
    if (name === `${rel}__identifier`) return this.childrenOf(eq(table.identifier, value));
    // A child is in the workspaces its parent is shared with.
    const condition = this.service.filterCondition(name, value, principal);
    return condition && this.childrenOf(condition);
  }

  /** loads the parents of child rows, with the workspaces they are shared with, by child id */
  async parentsOf(rows: ResourceRow[]): Promise<Map<number, LoadedWithWorkspaces>> {
    const keys = [...new Set(rows.map((row) => row[this.foreignKeyName]))];
    const parents = await this.service.repository.findBy(this.references, keys);
    const workspaces = await this.service.repository.workspacesOf(parents.map((p) => p.id));
    const byKey = new Map(parents.map((p) => [p[this.referencesName], p]));
    const result = new Map<number, LoadedWithWorkspaces>();
    for (const row of rows) {
      const parent = byKey.get(row[this.foreignKeyName]);
      if (!parent) continue;
      const badges = workspaces.get(parent.id) ?? [];
      result.set(row.id, { row: parent, workspaceIds: badges.map((w) => w.id), workspaces: badges });
    }
    return result;
  }

  /** Archived parents are read-only: every action but 'view' on their children is refused. */
  allows(principal: Principal, action: Action, parent: LoadedResource): boolean {
    if (action !== 'view' && parent.row.isArchived) return false;
    return this.service.authorize(principal, action, parent);
  }

  /** As processAccess: those who may view learn that the parent is archived (400), others get 403. */
  assertAllows(principal: Principal, action: Action, parent: LoadedResource): void {
    if (action !== 'view' && parent.row.isArchived && this.service.authorize(principal, 'view', parent)) {
      throw detailError(400, this.link.archivedMessage ?? `Archived ${this.parentDef.name}: modifications are disabled.`);
    }
    if (!this.allows(principal, action, parent)) throw permissionDenied();
  }

  /** the relationship a child object carries to its parent */
  relationship(parent: ResourceRow): Record<string, { data: { type: string; id: string } }> {
    return { [this.link.relationship]: { data: { type: this.parentDef.type, id: String(parent.id) } } };
  }
}
