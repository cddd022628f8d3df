import type { Db } from '../db/client.js';
import { rowId as resourceId } from '../http/ids.js';
import type { Action, BaseAttributes, ListDocument, ResourceDocument, ResourceObject } from '@asb/contracts';
import { eq, type SQL } from 'drizzle-orm';
import { can } from '../auth/permissions.js';
import type { Principal } from '../auth/principal.js';
import type { PlatformContext } from '../context.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { attributeErrors, detailError, notFound, permissionDenied } from '../http/errors.js';
import type { LoadedResource, ResourceDefinition, ResourceOperation, ResourceRow } from './resource-definition.js';
import { ParentResolver, type LoadedWithWorkspaces } from './resource-parent.js';
import { parseAttributes, type ListParams, type Payload } from './resource-payload.js';
import { listResources } from './resource-list.js';
import { assertSameResource, checkedWorkspaceIds, notShareable } from './resource-write-checks.js';
import { ResourceRepository } from './resource.repository.js';

export { MAX_PAGE_SIZE } from './resource-list.js';

type Attributes = BaseAttributes & Record<string, unknown>;

/** Ids as this server writes them (platform/http/ids.ts). */
export { resourceId };

/**
 * Permission checks and JSON:API shaping around the generic repository. Every call is made for
 * a caller, never for nobody: the generic routes declare a signed-in access (resource.routes.ts),
 * so the principal they are handed is never null; a public read names its reader (a public
 * dashboard's guest).
 */
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
  async withWorkspaces(rows: R[]): Promise<LoadedWithWorkspaces<R>[]> {
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

  /** A page of what the principal may see (resource-list.ts). */
  list(principal: Principal, params: ListParams): Promise<ListDocument<A>> {
    return listResources(this, principal, params);
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

  async get(principal: Principal, id: string): Promise<ResourceDocument<A>> {
    return { data: this.toObject(principal, await this.load(principal, id)) };
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

  async create(principal: Principal, payload: Payload): Promise<ResourceDocument<A>> {
    this.assertEnabled('create');
    assertSameResource(this.def, payload);
    const parent = await this.parentForCreate(principal, payload);
    if (this.def.canCreate && !this.def.canCreate(principal)) throw permissionDenied();
    const attributes = parseAttributes(this.def.createSchema, payload.data.attributes) as Record<string, unknown>;
    const refs = payload.data.relationships?.workspaces?.data;
    if (refs && !this.def.shareable) throw notShareable(this.def);
    const workspaceIds = refs ? await checkedWorkspaceIds(this.def, this.repository, principal, refs, []) : [];
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

  async update(principal: Principal, id: string, payload: Payload): Promise<ResourceDocument<A>> {
    const loaded = await this.load(principal, id);
    assertSameResource(this.def, payload, id);
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
      if (!this.def.shareable) throw notShareable(this.def);
      this.assertAllowed(principal, 'change', loaded);
      if (loaded.row.isArchived) throw detailError(400, 'Archived resources cannot be shared.');
      workspaceIds = await checkedWorkspaceIds(this.def, this.repository, principal, refs, loaded.workspaceIds);
    }
    const parsed = hasAttributes ? (parseAttributes(this.def.updateSchema, attributes) as Record<string, unknown>) : {};
    const values = this.def.toUpdate ? await this.def.toUpdate(parsed, loaded.row, this.ctx, principal) : parsed;
    await this.repository.update(loaded.row.id, values, workspaceIds, this.afterWrite(principal));
    await this.def.afterChange?.(loaded.row, this.ctx);
    return this.get(principal, id);
  }

  async setArchived(principal: Principal, id: string, isArchived: boolean): Promise<ResourceDocument<A>> {
    this.assertEnabled('archive');
    const loaded = await this.load(principal, id);
    this.assertAllowed(principal, 'change', loaded);
    await this.repository.update(loaded.row.id, { ...(isArchived ? this.def.archivedValues?.(loaded.row) : {}), isArchived });
    await this.def.afterChange?.(loaded.row, this.ctx);
    return this.get(principal, id);
  }

  async delete(principal: Principal, id: string): Promise<void> {
    this.assertEnabled('delete');
    const loaded = await this.load(principal, id);
    this.assertAllowed(principal, 'delete', loaded);
    const onDelete = this.def.onDelete;
    await this.repository.delete(loaded.row.id, onDelete ? (tx) => onDelete(loaded, tx) : undefined);
    await this.def.afterChange?.(loaded.row, this.ctx);
  }
}
