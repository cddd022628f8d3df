import type { Action, BaseAttributes, ListDocument, ResourceDocument, ResourceObject } from '@asb/contracts';
import { PAGE_SIZE } from '@asb/contracts';
import { and, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { can, canAddToWorkspace, requireUser } from '../auth/permissions.js';
import type { Principal } from '../auth/principal.js';
import type { AppContext } from '../context.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { attributeErrors, detailError, notFound, permissionDenied } from '../http/errors.js';
import type { LoadedResource, ResourceDefinition, ResourceRow } from './resource-definition.js';
import { ResourceRepository } from './resource.repository.js';

export const MAX_PAGE_SIZE = 100;

export interface ListParams {
  page?: number;
  size?: number;
  sort?: string;
  filters: Record<string, string>;
}

interface Payload {
  data: {
    type: string;
    id?: string;
    attributes?: Record<string, unknown>;
    relationships?: { workspaces?: { data: { type: string; id: string }[] } };
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

/** Permission checks and JSON:API shaping around the generic repository. */
export class ResourceService<R extends ResourceRow = ResourceRow> {
  readonly repository: ResourceRepository<R>;

  constructor(
    readonly def: ResourceDefinition<R>,
    private readonly ctx: AppContext,
  ) {
    this.repository = new ResourceRepository<R>(ctx.db, def);
  }

  private authorize(principal: Principal, action: Action, resource: LoadedResource<R>): boolean {
    if (this.def.authorize) return this.def.authorize(principal, action, resource);
    return can(principal, action, { ownerId: resource.row.ownerId, workspaceIds: resource.workspaceIds });
  }

  private visibility(principal: Principal): SQL | undefined {
    return this.def.visibleTo ? this.def.visibleTo(principal) : this.repository.defaultVisibility(principal);
  }

  private filterCondition(name: string, value: string, principal: Principal): SQL | undefined {
    const table = this.def.table;
    const custom = this.def.filters?.[name];
    if (custom) return custom(value, principal);
    switch (name) {
      case 'search':
        return value ? this.repository.search(value) : undefined;
      case 'ownerId':
        return eq(table.ownerId, value);
      case 'identifier':
        return eq(table.identifier, value);
      case 'isArchived':
        return eq(table.isArchived, value === 'true');
      case 'workspaces.identifier':
        return this.repository.workspaceIdentifierFilter(value);
      case 'inWorkspace':
        return value === 'true' ? this.repository.sharedWith(this.repository.memberWorkspaces(principal)) : undefined;
      default:
        throw detailError(400, `Unknown filter '${name}'.`);
    }
  }

  async toObject(principal: Principal, row: R, workspaces: { id: number; identifier: string }[]): Promise<ResourceObject<BaseAttributes & Record<string, unknown>>> {
    const loaded = { row, workspaceIds: workspaces.map((w) => w.id) };
    const mayChange = this.authorize(principal, 'change', loaded);
    const attributes: BaseAttributes & Record<string, unknown> = {
      identifier: row.identifier,
      label: row.label,
      slug: row.slug,
      ownerId: row.ownerId,
      isArchived: row.isArchived,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      workspaces: Object.fromEntries(workspaces.map((w) => [String(w.id), w.identifier])),
      permissions: {
        change: mayChange,
        delete: this.authorize(principal, 'delete', loaded),
        share: this.def.shareable && mayChange && !row.isArchived,
      },
      ...(this.def.attributes?.(row) ?? {}),
    };
    return {
      type: this.def.type,
      id: String(row.id),
      attributes,
      relationships: { workspaces: { data: workspaces.map((w) => ({ type: 'workspaces', id: String(w.id) })) } },
    };
  }

  async list(principalOrNull: Principal | null, params: ListParams): Promise<ListDocument<BaseAttributes & Record<string, unknown>>> {
    const principal = requireUser(principalOrNull);
    const size = Math.min(Math.max(params.size ?? PAGE_SIZE, 1), MAX_PAGE_SIZE);
    const conditions = [this.visibility(principal)];
    for (const [name, value] of Object.entries(params.filters)) {
      conditions.push(this.filterCondition(name, value, principal));
    }
    const orderBy: SQL[] = [];
    for (const field of (params.sort ?? this.def.defaultSort ?? 'identifier').split(',').filter(Boolean)) {
      const order = this.repository.order(field.trim());
      if (!order) throw detailError(400, `Cannot sort by '${field}'.`);
      orderBy.push(order);
    }
    const where = and(...conditions.filter((c): c is SQL => c !== undefined));
    const firstPage = await this.repository.list({ where, orderBy, page: Math.max(params.page ?? 1, 1), size });
    const pages = Math.max(1, Math.ceil(firstPage.count / size));
    const workspaces = await this.repository.workspacesOf(firstPage.rows.map((r) => r.id));
    const data = await Promise.all(firstPage.rows.map((row) => this.toObject(principal, row, workspaces.get(row.id) ?? [])));
    return { data, meta: { pagination: { page: Math.max(params.page ?? 1, 1), pages, count: firstPage.count } } };
  }

  /** Loads a resource the principal may see, or throws 404/403. */
  async load(principal: Principal, id: string): Promise<LoadedResource<R> & { workspaces: { id: number; identifier: string }[] }> {
    const numericId = Number(id);
    const row = Number.isInteger(numericId) && numericId > 0 ? await this.repository.find(numericId) : undefined;
    if (!row) throw notFound(`No ${this.def.name} #${id} found.`);
    const workspaces = (await this.repository.workspacesOf([row.id])).get(row.id) ?? [];
    const loaded = { row, workspaceIds: workspaces.map((w) => w.id), workspaces };
    if (!this.authorize(principal, 'view', loaded)) throw permissionDenied();
    return loaded;
  }

  async get(principalOrNull: Principal | null, id: string): Promise<ResourceDocument<BaseAttributes & Record<string, unknown>>> {
    const principal = requireUser(principalOrNull);
    const loaded = await this.load(principal, id);
    return { data: await this.toObject(principal, loaded.row, loaded.workspaces) };
  }

  private async checkedWorkspaceIds(principal: Principal, refs: { id: string }[], current: number[]): Promise<number[]> {
    const ids = [...new Set(refs.map((ref) => Number(ref.id)))];
    if (ids.some((id) => !Number.isInteger(id))) throw attributeErrors({ workspaces: 'Invalid workspace id.' });
    const existing = await this.repository.existingWorkspaceIds(ids);
    if (existing.length !== ids.length) throw attributeErrors({ workspaces: 'Unknown workspace.' });
    for (const id of ids) {
      const mayAdd = this.def.canShareInto ? this.def.canShareInto(principal, id) : canAddToWorkspace(principal, id);
      if (!current.includes(id) && !mayAdd) throw permissionDenied();
    }
    return ids;
  }

  async create(principalOrNull: Principal | null, payload: Payload): Promise<ResourceDocument<BaseAttributes & Record<string, unknown>>> {
    const principal = requireUser(principalOrNull);
    if (this.def.canCreate && !this.def.canCreate(principal)) throw permissionDenied();
    const attributes = parseAttributes(this.def.createSchema, payload.data.attributes) as Record<string, unknown>;
    const refs = payload.data.relationships?.workspaces?.data;
    if (refs && !this.def.shareable) throw detailError(400, `A ${this.def.name} cannot be shared.`);
    const workspaceIds = refs ? await this.checkedWorkspaceIds(principal, refs, []) : [];
    const values = await this.def.toInsert(attributes, principal, this.ctx);
    try {
      const row = await this.repository.insert(values, workspaceIds);
      return this.get(principal, String(row.id));
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw attributeErrors({ identifier: this.def.duplicateMessage ?? `A ${this.def.name} with this identifier already exists.` });
      }
      throw error;
    }
  }

  async update(principalOrNull: Principal | null, id: string, payload: Payload): Promise<ResourceDocument<BaseAttributes & Record<string, unknown>>> {
    const principal = requireUser(principalOrNull);
    const loaded = await this.load(principal, id);
    const attributes = payload.data.attributes ?? {};
    const refs = payload.data.relationships?.workspaces?.data;
    const hasAttributes = Object.keys(attributes).length > 0;
    if (hasAttributes) {
      if (!this.authorize(principal, 'change', loaded)) throw permissionDenied();
      if (loaded.row.isArchived) throw detailError(400, `Archived ${this.def.name}: modifications are disabled.`);
    }
    let workspaceIds: number[] | undefined;
    if (refs) {
      if (!this.def.shareable) throw detailError(400, `A ${this.def.name} cannot be shared.`);
      if (!this.authorize(principal, 'change', loaded)) throw permissionDenied();
      if (loaded.row.isArchived) throw detailError(400, 'Archived resources cannot be shared.');
      workspaceIds = await this.checkedWorkspaceIds(principal, refs, loaded.workspaceIds);
    }
    const parsed = hasAttributes ? (parseAttributes(this.def.updateSchema, attributes) as Record<string, unknown>) : {};
    const values = this.def.toUpdate ? this.def.toUpdate(parsed, loaded.row) : parsed;
    await this.repository.update(loaded.row.id, values, workspaceIds);
    return this.get(principal, id);
  }

  async setArchived(principalOrNull: Principal | null, id: string, isArchived: boolean): Promise<ResourceDocument<BaseAttributes & Record<string, unknown>>> {
    const principal = requireUser(principalOrNull);
    const loaded = await this.load(principal, id);
    if (!this.authorize(principal, 'change', loaded)) throw permissionDenied();
    await this.repository.update(loaded.row.id, { isArchived });
    return this.get(principal, id);
  }

  async delete(principalOrNull: Principal | null, id: string): Promise<void> {
    const principal = requireUser(principalOrNull);
    const loaded = await this.load(principal, id);
    if (!this.authorize(principal, 'delete', loaded)) throw permissionDenied();
    await this.repository.delete(loaded.row.id, this.def.onDelete ? () => this.def.onDelete!(loaded, this.ctx) : undefined);
  }
}
