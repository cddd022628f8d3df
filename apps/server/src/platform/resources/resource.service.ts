import type { Db } from '../db/client.js';
import { rowId as resourceId } from '../http/ids.js';
import type { Action, BaseAttributes, ListDocument, ResourceDocument, ResourceObject } from '@asb/contracts';
import { baseAttributesSchema, LIST_COUNT_CAP, PAGE_SIZE } from '@asb/contracts';
import { and, eq, type SQL } from 'drizzle-orm';
import { can, canAddToWorkspace, requireUser } from '../auth/permissions.js';
import type { Principal } from '../auth/principal.js';
import type { PlatformContext } from '../context.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { attributeErrors, detailError, notFound, permissionDenied } from '../http/errors.js';
import type { LoadedResource, ResourceDefinition, ResourceOperation, ResourceRow } from './resource-definition.js';
import { ParentResolver, type LoadedWithWorkspaces } from './resource-parent.js';
import { parseAttributes, type ListParams, type Payload } from './resource-payload.js';
import { ResourceRepository, type ListOptions } from './resource.repository.js';

// parseAttributes lived here first; modules that validate their own payloads import it from either file
export const MAX_PAGE_SIZE = 100;

type Attributes = BaseAttributes & Record<string, unknown>;

/** Permission checks and JSON:API shaping around the generic repository. */
/** Ids as this server writes them (platform/http/ids.ts). */
export { resourceId };

export class ResourceService<R extends ResourceRow = ResourceRow, A extends BaseAttributes = Attributes> {
  readonly repository: ResourceRepository<R>;
  /** set for a child resource (definition.inheritsFrom) */
  readonly parent?: ParentResolver;

  constructor(
    readonly def: ResourceDefinition<R, A>,
    private readonly ctx: PlatformContext,
  ) {
    this.repository = new ResourceRepository<R>(ctx.db, def);
    if (def.inheritsFrom) {
      const parentService = new ResourceService(def.inheritsFrom.definition, ctx);
      this.parent = new ParentResolver(ctx.db, def.table, def.inheritsFrom, parentService);
    }
  }

  /** May the principal do this? A child needs the action on its parent first (ParentLink). */
  authorize(principal: Principal, action: Action, resource: LoadedResource<R>): boolean {
    if (this.parent) {
      if (!resource.parent || !this.parent.allows(principal, action, resource.parent)) return false;
      return this.def.authorize?.(principal, action, resource) ?? true;
    }
    if (this.def.authorize) return this.def.authorize(principal, action, resource);
    return can(principal, action, { ownerId: resource.row.ownerId, workspaceIds: resource.workspaceIds });
  }

  /** 400 for an archived parent or a locked row, 403 when the principal may not */
  private assertAllowed(principal: Principal, action: Action, resource: LoadedResource<R>): void {
    if (this.parent && resource.parent) this.parent.assertAllows(principal, action, resource.parent);
    if (!this.authorize(principal, action, resource)) throw permissionDenied();
    const reason = this.def.lockedReason?.(resource.row, action);
    if (reason) throw detailError(400, reason);
  }

  private assertEnabled(operation: ResourceOperation): void {
    const reason = this.def.disabled?.[operation];
    if (reason) throw detailError(405, reason);
  }

  private permitted(principal: Principal, action: Action, resource: LoadedResource<R>, operations: ResourceOperation[]): boolean {
    return (
      operations.some((operation) => !this.def.disabled?.[operation]) &&
      !this.def.lockedReason?.(resource.row, action) &&
      this.authorize(principal, action, resource)
    );
  }

  visibility(principal: Principal): SQL | undefined {
    if (this.parent) return this.parent.childrenOf(this.parent.service.visibility(principal));
    const byDefault = this.repository.defaultVisibility(principal);
    return this.def.visibleTo ? this.def.visibleTo(principal, byDefault) : byDefault;
  }

  /**
   * The visible rows as disjoint parts a list reads one by one (each served by an index):
   * own rows and rows shared with the principal's workspaces, for a type with the default
   * visibility, and a child's through its parent (ParentResolver.visibleParts); one part
   * otherwise (a type's own rule, a superuser's every row).
   */
  visibleParts(principal: Principal): (SQL | undefined)[] {
    if (this.parent) return this.parent.visibleParts(principal);
    if (this.def.visibleTo || principal.isSuperuser) return [this.visibility(principal)];
    return this.repository.defaultVisibleParts(principal);
  }

  filterCondition(name: string, value: string, principal: Principal): SQL | undefined {
    const table = this.def.table;
    const custom = this.def.filters && Object.hasOwn(this.def.filters, name) ? this.def.filters[name] : undefined;
    if (custom) return custom(value, principal);
    if (this.parent?.handles(name)) return this.parent.filter(name, value, principal);
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

  toObject(principal: Principal, loaded: LoadedWithWorkspaces<R>): ResourceObject<A> {
    const { row, workspaces } = loaded;
    const mayChange = this.permitted(principal, 'change', loaded, ['update', 'archive']);
    const attributes: Attributes = {
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
        delete: this.permitted(principal, 'delete', loaded, ['delete']),
        share: this.def.shareable && mayChange && !row.isArchived,
      },
      ...(this.def.attributes?.(row, loaded.parent?.row) ?? {}),
    };
    return {
      type: this.def.type,
      id: String(row.id),
      // the definition's own attributes complete the contract's (the answer's schema checks them)
      attributes: attributes as A,
      relationships: {
        workspaces: { data: workspaces.map((w) => ({ type: 'workspaces', id: String(w.id) })) },
        ...(this.parent && loaded.parent ? this.parent.relationship(loaded.parent.row) : {}),
      },
    };
  }

  /** Rows with their workspaces; a child's are its parent's. Children whose parent is gone are left out. */
  private async withWorkspaces(rows: R[]): Promise<LoadedWithWorkspaces<R>[]> {
    if (this.parent) {
      const parents = await this.parent.parentsOf(rows);
      return rows.flatMap((row) => {
        const parent = parents.get(row.id);
        return parent ? [{ row, workspaceIds: parent.workspaceIds, workspaces: parent.workspaces, parent }] : [];
      });
    }
    const workspaces = await this.repository.workspacesOf(rows.map((r) => r.id));
    return rows.map((row) => {
      const badges = workspaces.get(row.id) ?? [];
      return { row, workspaceIds: badges.map((w) => w.id), workspaces: badges };
    });
  }

  async list(principalOrNull: Principal | null, params: ListParams): Promise<ListDocument<A>> {
    const principal = requireUser(principalOrNull);
    const size = Math.min(Math.max(params.size ?? PAGE_SIZE, 1), MAX_PAGE_SIZE);
    const conditions = [this.def.listScope, this.def.scope?.where];
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
    const page = Math.max(params.page ?? 1, 1);
    const options = { parts: this.visibleParts(principal), where, orderBy, page, size };
    const rows = await this.repository.page(options);
    const { count, capped } = await this.countOf(options, rows.length);
    const pages = Math.max(1, Math.ceil(count / size));
    const listed = this.listedKeys();
    const data = (await this.withWorkspaces(rows)).map((loaded) => listRow(this.toObject(principal, loaded), listed));
    // `capped` only when it is: an exact count keeps the spec's three fields
    return { data, meta: { pagination: { page, pages, count, ...(capped ? { capped } : {}) } } };
  }

  /** the attributes a list row carries, when the contract names them (`listed`); the item route answers the whole */
  private listedKeys(): Set<string> | undefined {
    const listed = this.def.contract?.schemas.listed;
    return listed && new Set([...Object.keys(baseAttributesSchema.shape), ...Object.keys(listed.shape)]);
  }

  /**
   * The list's count, exact up to LIST_COUNT_CAP rows past the page's first (so the pager
   * always reaches the next pages), else that many and `capped`: counting every visible row
   * of a large table on each page was the list's whole cost (bench/api). A short page is the
   * last one: its count needs no query.
   */
  private async countOf(options: ListOptions, rowsOnPage: number): Promise<{ count: number; capped: boolean }> {
    const offset = (options.page - 1) * options.size;
    if (rowsOnPage > 0 && rowsOnPage < options.size) return { count: offset + rowsOnPage, capped: false };
    if (rowsOnPage === 0 && options.page === 1) return { count: 0, capped: false };
    const limit = offset + LIST_COUNT_CAP;
    const counted = await this.repository.countUpTo(options, limit);
    return counted > limit ? { count: limit, capped: true } : { count: counted, capped: false };
  }

  /** Loads a resource the principal may see, or throws 404/403. */
  async load(principal: Principal, id: string): Promise<LoadedWithWorkspaces<R>> {
    const numericId = resourceId(id);
    const found = numericId === undefined ? undefined : await this.repository.find(numericId);
    const row = found && (!this.def.scope || this.def.scope.includes(found)) ? found : undefined;
    const [loaded] = row ? await this.withWorkspaces([row]) : [];
    if (!loaded) throw notFound(`No ${this.def.name} #${id} found.`);
    if (!this.authorize(principal, 'view', loaded)) throw permissionDenied();
    return loaded;
  }

  /**
   * What a route declaring this resource checks before it runs (platform/http/access.ts):
   * it exists, and the caller may take `action` on it (an archived parent: 400). A lock of
   * the row itself (a released bucket) is the operation's to refuse, with its own words.
   */
  async check(principal: Principal, id: string, action: Action): Promise<void> {
    const loaded = await this.load(principal, id);
    if (action === 'view') return;
    if (this.parent && loaded.parent) this.parent.assertAllows(principal, action, loaded.parent);
    if (!this.authorize(principal, action, loaded)) throw permissionDenied();
  }

  async get(principalOrNull: Principal | null, id: string): Promise<ResourceDocument<A>> {
    const principal = requireUser(principalOrNull);
    return { data: this.toObject(principal, await this.load(principal, id)) };
  }

  private async checkedWorkspaceIds(principal: Principal, refs: { id: string }[], current: number[]): Promise<number[]> {
    const parsed = refs.map((ref) => resourceId(String(ref.id)));
    if (parsed.some((id) => id === undefined)) throw attributeErrors({ workspaces: 'Invalid workspace id.' });
    const ids = [...new Set(parsed as number[])];
    const existing = await this.repository.existingWorkspaceIds(ids);
    if (existing.length !== ids.length) throw attributeErrors({ workspaces: 'Unknown workspace.' });
    for (const id of ids) {
      const mayAdd = this.def.canShareInto ? this.def.canShareInto(principal, id) : canAddToWorkspace(principal, id);
      if (!current.includes(id) && !mayAdd) throw permissionDenied();
    }
    return ids;
  }

  private notShareable(): Error {
    const parent = this.def.inheritsFrom?.definition.name;
    return detailError(
      400,
      parent ? `A ${this.def.name} cannot be shared: it follows the workspaces of its ${parent}.` : `A ${this.def.name} cannot be shared.`,
    );
  }

  /** The parent named by relationships.{relationship} of a POST, on which the principal needs createAction. */
  private async parentForCreate(principal: Principal, payload: Payload): Promise<LoadedResource | undefined> {
    if (!this.parent) return undefined;
    const { relationship, definition, createAction = 'change' } = this.parent.link;
    const ref = payload.data.relationships?.[relationship]?.data;
    if (!ref || Array.isArray(ref) || ref.type !== definition.type) {
      throw detailError(400, `A ${this.def.name} needs relationships.${relationship}.data {type: '${definition.type}', id}.`);
    }
    const parent = await this.parent.service.load(principal, ref.id);
    this.parent.assertAllows(principal, createAction, parent);
    return parent;
  }

  /** JSON:API: a document of another type, or naming another resource than the URL, changes nothing (409). */
  private assertSameResource(payload: Payload, id?: string): void {
    if (payload.data.type !== this.def.type)
      throw detailError(409, `This is the ${this.def.type} endpoint: data.type must be '${this.def.type}', not '${payload.data.type}'.`);
    if (id !== undefined && payload.data.id !== undefined && payload.data.id !== id)
      throw detailError(409, `data.id '${payload.data.id}' is not the id of the URL ('${id}').`);
  }

  async create(principalOrNull: Principal | null, payload: Payload): Promise<ResourceDocument<A>> {
    const principal = requireUser(principalOrNull);
    this.assertEnabled('create');
    this.assertSameResource(payload);
    const parent = await this.parentForCreate(principal, payload);
    if (this.def.canCreate && !this.def.canCreate(principal)) throw permissionDenied();
    const attributes = parseAttributes(this.def.createSchema, payload.data.attributes) as Record<string, unknown>;
    const refs = payload.data.relationships?.workspaces?.data;
    if (refs && !this.def.shareable) throw this.notShareable();
    const workspaceIds = refs ? await this.checkedWorkspaceIds(principal, refs, []) : [];
    for (let attempt = 0; ; attempt++) {
      const values = await this.def.toInsert(attributes, principal, this.ctx, parent);
      try {
        const row = await this.repository.insert(values, workspaceIds, this.afterWrite(principal));
        return await this.get(principal, String(row.id));
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (attempt < (this.def.duplicateRetries ?? 0)) continue;
        const field = this.def.duplicateField?.(attributes) ?? 'identifier';
        throw attributeErrors({ [field]: this.def.duplicateMessage ?? `A ${this.def.name} with this identifier already exists.` });
      }
    }
  }

  private afterWrite(principal: Principal): ((row: R, tx: Db) => Promise<void>) | undefined {
    const hook = this.def.afterWrite;
    return hook ? (row, tx) => hook(row, tx, principal) : undefined;
  }

  async update(principalOrNull: Principal | null, id: string, payload: Payload): Promise<ResourceDocument<A>> {
    const principal = requireUser(principalOrNull);
    const loaded = await this.load(principal, id);
    this.assertSameResource(payload, id);
    const attributes = payload.data.attributes ?? {};
    const refs = payload.data.relationships?.workspaces?.data;
    const hasAttributes = Object.keys(attributes).length > 0;
    if (hasAttributes) {
      this.assertEnabled('update');
      this.assertAllowed(principal, 'change', loaded);
      if (loaded.row.isArchived) throw detailError(400, `Archived ${this.def.name}: modifications are disabled.`);
    }
    let workspaceIds: number[] | undefined;
    if (refs) {
      if (!this.def.shareable) throw this.notShareable();
      this.assertAllowed(principal, 'change', loaded);
      if (loaded.row.isArchived) throw detailError(400, 'Archived resources cannot be shared.');
      workspaceIds = await this.checkedWorkspaceIds(principal, refs, loaded.workspaceIds);
    }
    const parsed = hasAttributes ? (parseAttributes(this.def.updateSchema, attributes) as Record<string, unknown>) : {};
    const values = this.def.toUpdate ? await this.def.toUpdate(parsed, loaded.row, this.ctx, principal) : parsed;
    await this.repository.update(loaded.row.id, values, workspaceIds, this.afterWrite(principal));
    await this.def.afterChange?.(loaded.row, this.ctx);
    return this.get(principal, id);
  }

  async setArchived(principalOrNull: Principal | null, id: string, isArchived: boolean): Promise<ResourceDocument<A>> {
    const principal = requireUser(principalOrNull);
    this.assertEnabled('archive');
    const loaded = await this.load(principal, id);
    this.assertAllowed(principal, 'change', loaded);
    await this.repository.update(loaded.row.id, { isArchived });
    await this.def.afterChange?.(loaded.row, this.ctx);
    return this.get(principal, id);
  }

  async delete(principalOrNull: Principal | null, id: string): Promise<void> {
    const principal = requireUser(principalOrNull);
    this.assertEnabled('delete');
    const loaded = await this.load(principal, id);
    this.assertAllowed(principal, 'delete', loaded);
    const onDelete = this.def.onDelete;
    await this.repository.delete(loaded.row.id, onDelete ? (tx) => onDelete(loaded, tx) : undefined);
    await this.def.afterChange?.(loaded.row, this.ctx);
  }
}

function listRow<A>(object: ResourceObject<A>, listed: Set<string> | undefined): ResourceObject<A> {
  if (!listed) return object;
  const attributes = Object.fromEntries(Object.entries(object.attributes as Record<string, unknown>).filter(([key]) => listed.has(key)));
  return { ...object, attributes: attributes as A };
}
