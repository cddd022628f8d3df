import { and, asc, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { rowsOf, type Db } from '../db/client.js';
import { resourceWorkspaces, workspaceRoles, workspaces } from '../db/schema.js';
import type { Principal } from '../auth/principal.js';
import type { ResourceDefinition, ResourceRow } from './resource-definition.js';

/** a workspace a resource is shared with, as the badges of a row show it */
export interface WorkspaceBadge {
  id: number;
  identifier: string;
}

export interface ListOptions {
  /**
   * The visible rows as disjoint parts whose union is what the principal may see (`[undefined]`:
   * every row). Each part is read on its own, so that an index serves each (visibleParts).
   */
  parts: (SQL | undefined)[];
  /** the filters, the list scope: every part must also meet them */
  where: SQL | undefined;
  orderBy: SQL[];
  page: number;
  size: number;
}

/** SQL of the generic resource machinery, the same for every resource table. */
export class ResourceRepository<R extends ResourceRow = ResourceRow> {
  constructor(
    private readonly db: Db,
    private readonly def: ResourceDefinition<R>,
  ) {}

  private get table() {
    return this.def.table;
  }

  /** resources of this type shared with one of the workspaces the subquery selects */
  sharedWith(workspaceIds: SQL): SQL {
    return inArray(this.table.id, this.sharedIds(workspaceIds));
  }

  /** the ids of resources of this type shared with one of the workspaces the subquery selects (a child's list reads its parents' by them) */
  sharedIds(workspaceIds: SQL) {
    return this.db
      .select({ id: resourceWorkspaces.resourceId })
      .from(resourceWorkspaces)
      .where(and(eq(resourceWorkspaces.resourceType, this.def.type), inArray(resourceWorkspaces.workspaceId, workspaceIds)));
  }

  /** the workspaces where the principal holds any role */
  memberWorkspaces(principal: Principal): SQL {
    return sql`(select ${workspaceRoles.workspaceId} from ${workspaceRoles} where ${workspaceRoles.userId} = ${principal.id})`;
  }

  defaultVisibility(principal: Principal): SQL | undefined {
    if (principal.isSuperuser) return undefined;
    return or(...this.defaultVisibleParts(principal));
  }

  /**
   * The default visibility as two disjoint parts: own rows (the `(owner_id, created_at)` index)
   * and rows of others shared with one of the principal's workspaces (resource_workspaces'
   * `(resource_type, workspace_id, resource_id)` index). `owner_id = ? OR id IN (…)` as one
   * condition defeats every index: the OR of a hashed subplan is checked row by row.
   */
  defaultVisibleParts(principal: Principal): SQL[] {
    const own = eq(this.table.ownerId, principal.username);
    return [own, and(ne(this.table.ownerId, principal.username), this.sharedWith(this.memberWorkspaces(principal)))!];
  }

  workspaceIdentifierFilter(identifier: string): SQL {
    return this.sharedWith(sql`(select ${workspaces.id} from ${workspaces} where ${workspaces.identifier} = ${identifier})`);
  }

  search(text: string): SQL | undefined {
    const columns: AnyPgColumn[] = this.def.searchColumns ?? [this.table.identifier, this.table.label];
    return or(...columns.map((column) => ilike(column, `%${text.replace(/[%_\\]/g, '\\$&')}%`)));
  }

  order(field: string): SQL | undefined {
    const descending = field.startsWith('-');
    const name = descending ? field.slice(1) : field;
    const base: Record<string, AnyPgColumn | SQL> = {
      id: this.table.id,
      identifier: this.table.identifier,
      label: this.table.label,
      ownerId: this.table.ownerId,
      createdAt: this.table.createdAt,
      updatedAt: this.table.updatedAt,
      ...this.def.sortable,
    };
    const column = Object.hasOwn(base, name) ? base[name] : undefined;
    if (!column) return undefined;
    return descending ? desc(column) : asc(column);
  }

  /**
   * One page. With several visibility parts, each part gives the ids of its first
   * offset + size rows in the list's order (an index scan that stops there), and the page is
   * taken from their union: the page's rows are among them whatever the parts hold.
   */
  async page(options: ListOptions): Promise<R[]> {
    const { parts, where, orderBy, page, size } = options;
    const order = [...orderBy, asc(this.table.id)];
    const offset = (page - 1) * size;
    if (parts.length === 1) {
      const rows = await this.db
        .select()
        .from(this.table)
        .where(and(parts[0], where))
        .orderBy(...order)
        .limit(size)
        .offset(offset);
      return rows as R[];
    }
    const firstOfEach = parts.map(
      (part) =>
        sql`(${this.db
          .select({ id: this.table.id })
          .from(this.table)
          .where(and(part, where))
          .orderBy(...order)
          .limit(offset + size)})`,
    );
    const rows = await this.db
      .select()
      .from(this.table)
      .where(sql`${this.table.id} in (${sql.join(firstOfEach, sql` union all `)})`)
      .orderBy(...order)
      .limit(size)
      .offset(offset);
    return rows as R[];
  }

  /** How many rows the list has, counting no further than `limit` + 1 (each part stops there). */
  async countUpTo(options: Pick<ListOptions, 'parts' | 'where'>, limit: number): Promise<number> {
    const pieces = options.parts.map(
      (part) =>
        sql`(${this.db
          .select({ one: sql`1` })
          .from(this.table)
          .where(and(part, options.where))
          .limit(limit + 1)})`,
    );
    const result = await this.db.execute(sql`select count(*)::int as count from (${sql.join(pieces, sql` union all `)}) as visible`);
    return rowsOf<{ count: number }>(result)[0]?.count ?? 0;
  }

  async find(id: number): Promise<R | undefined> {
    const [row] = await this.db.select().from(this.table).where(eq(this.table.id, id));
    return row as R | undefined;
  }

  /** the rows whose column holds one of the values (the parents of a page of children) */
  async findBy(column: AnyPgColumn, values: unknown[]): Promise<R[]> {
    if (values.length === 0) return [];
    return (await this.db.select().from(this.table).where(inArray(column, values))) as R[];
  }

  /** resource id -> [workspace id, identifier] pairs */
  async workspacesOf(ids: number[]): Promise<Map<number, WorkspaceBadge[]>> {
    const result = new Map<number, WorkspaceBadge[]>();
    if (ids.length === 0) return result;
    const rows = await this.db
      .select({ resourceId: resourceWorkspaces.resourceId, id: workspaces.id, identifier: workspaces.identifier })
      .from(resourceWorkspaces)
      .innerJoin(workspaces, eq(workspaces.id, resourceWorkspaces.workspaceId))
      .where(and(eq(resourceWorkspaces.resourceType, this.def.type), inArray(resourceWorkspaces.resourceId, ids)))
      .orderBy(asc(workspaces.identifier));
    for (const row of rows) {
      result.set(row.resourceId, [...(result.get(row.resourceId) ?? []), { id: row.id, identifier: row.identifier }]);
    }
    return result;
  }

  async existingWorkspaceIds(ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.select({ id: workspaces.id }).from(workspaces).where(inArray(workspaces.id, ids));
    return rows.map((r) => r.id);
  }

  async insert(values: Record<string, unknown>, workspaceIds: number[], after?: (row: R, tx: Db) => Promise<void>): Promise<R> {
    return this.db.transaction(async (tx) => {
      const [row] = (await tx.insert(this.table).values(values).returning()) as R[];
      if (workspaceIds.length > 0) {
        await tx.insert(resourceWorkspaces).values(workspaceIds.map((workspaceId) => ({ resourceType: this.def.type, resourceId: row!.id, workspaceId })));
      }
      if (after) await after(row!, tx);
      return row!;
    });
  }

  async update(id: number, values: Record<string, unknown>, workspaceIds?: number[], after?: (row: R, tx: Db) => Promise<void>): Promise<R> {
    return this.db.transaction(async (tx) => {
      const [row] = (await tx
        .update(this.table)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(this.table.id, id))
        .returning()) as R[];
      if (workspaceIds) {
        await tx.delete(resourceWorkspaces).where(and(eq(resourceWorkspaces.resourceType, this.def.type), eq(resourceWorkspaces.resourceId, id)));
        if (workspaceIds.length > 0) {
          await tx.insert(resourceWorkspaces).values(workspaceIds.map((workspaceId) => ({ resourceType: this.def.type, resourceId: id, workspaceId })));
        }
      }
      if (after) await after(row!, tx);
      return row!;
    });
  }

  async delete(id: number, before?: (tx: Db) => Promise<void>): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (before) await before(tx);
      await tx.delete(resourceWorkspaces).where(and(eq(resourceWorkspaces.resourceType, this.def.type), eq(resourceWorkspaces.resourceId, id)));
      await tx.delete(this.table).where(eq(this.table.id, id));
    });
  }
}
