import {
  createCatalogueCollectionSchema,
  deriveSlug,
  PAGE_SIZE,
  updateCatalogueCollectionSchema,
  type catalogueCollectionsContract,
  type ListDocument,
  type ResourceDocument,
  type ResourceObject,
} from '@asb/contracts';
import type { z } from 'zod';
import { canAddToWorkspace } from '../../platform/auth/permissions.js';
import type { Principal } from '../../platform/auth/principal.js';
import { attributeErrors, detailError, notFound, permissionDenied } from '../../platform/http/errors.js';
import { parseAttributes, type ListParams, type Payload } from '../../platform/resources/resource-payload.js';
import type { StacCollectionDocument } from '../catalogue/catalogue-store.js';
import { mayChangeCollection, mayRead } from './application-access.js';
import type { CatalogueApplications } from './application-store.js';
import type { CollectionRow } from './applications.repository.js';
import { MAX_PAGE_SIZE } from '../../platform/resources/resource.service.js';

type Attributes = z.input<(typeof catalogueCollectionsContract)['operations']['GET /backend/v1/catalogue-collections/{id}']['response']>['data']['attributes'];
const TYPE = 'catalogue-collections';

/** The STAC Collection of a new catalogue collection (spec 3 §3: a name and a description). */
export function collectionDocument(id: string, title: string, description: string): StacCollectionDocument {
  return {
    type: 'Collection',
    id,
    stac_version: '1.0.0',
    title,
    description: description || title,
    license: 'proprietary',
    extent: { spatial: { bbox: [[-180, -90, 180, 90]] }, temporal: { interval: [[null, null]] } },
    links: [],
  };
}

const textOf = (document: Record<string, unknown>, key: string) => (typeof document[key] === 'string' ? (document[key] as string) : '');

/**
 * Catalogue collections as the spec's JSON:API resource (spec 3 §3, §7; docs/applications.md
 * "Collections and applications"): the catalogue's collections, named `{username}:{slug}` when
 * made here, listed by owner then identifier.
 */
export class CatalogueCollections {
  constructor(private readonly applications: CatalogueApplications) {}

  private get repository() {
    return this.applications.repository;
  }

  private toObject(principal: Principal | null, row: CollectionRow, counts: Map<string, number>): ResourceObject<Attributes> {
    const title = textOf(row.document, 'title') || row.id;
    const mayChange = mayChangeCollection(principal, row);
    return {
      type: TYPE,
      id: row.id,
      attributes: {
        identifier: row.id,
        label: title,
        slug: row.id.includes(':') ? row.id.slice(row.id.indexOf(':') + 1) : row.id,
        ownerId: row.ownerName,
        isArchived: false,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        workspaces: Object.fromEntries(row.workspaces.map((w) => [String(w.id), w.identifier])),
        permissions: { change: mayChange, delete: mayChange, share: mayChange },
        verbose_name: title,
        verboseName: title,
        abstract: textOf(row.document, 'description') === title ? '' : textOf(row.document, 'description'),
        applications: counts.get(row.id) ?? 0,
        isPublic: row.isPublic,
      },
      relationships: { workspaces: { data: row.workspaces.map((w) => ({ type: 'workspaces', id: String(w.id) })) } },
    };
  }

  async list(principal: Principal | null, params: ListParams): Promise<ListDocument<Attributes>> {
    let rows = (await this.repository.collections()).filter((row) => mayRead(principal, row));
    for (const [name, value] of Object.entries(params.filters)) {
      if (name === 'ownerId') rows = rows.filter((row) => row.ownerName === value);
      else if (name === 'workspaces.identifier') rows = rows.filter((row) => row.workspaces.some((w) => w.identifier === value));
      else if (name === 'search') {
        const needle = value.trim().toLowerCase();
        rows = rows.filter((row) =>
          [row.id, textOf(row.document, 'title'), textOf(row.document, 'description')].some((text) => text.toLowerCase().includes(needle)),
        );
      } else throw detailError(400, `Unknown filter '${name}'.`);
    }
    if (params.sort !== undefined && params.sort !== '')
      throw detailError(400, 'Catalogue collections are sorted by owner, then identifier: sort is not supported.');
    const size = Math.min(Math.max(params.size ?? PAGE_SIZE, 1), MAX_PAGE_SIZE);
    const pages = Math.max(1, Math.ceil(rows.length / size));
    const page = params.page ?? 1;
    const counts = await this.repository.applicationCounts();
    return {
      data: rows.slice((page - 1) * size, page * size).map((row) => this.toObject(principal, row, counts)),
      meta: { pagination: { page, pages, count: rows.length } },
    };
  }

  async get(principal: Principal | null, id: string): Promise<ResourceDocument<Attributes>> {
    const row = await this.repository.collection(id);
    if (!row || !mayRead(principal, row)) throw notFound(`No catalogue collection "${id}".`);
    return { data: this.toObject(principal, row, await this.repository.applicationCounts()) };
  }

  private assertSameResource(payload: Payload, id?: string): void {
    if (payload.data.type !== TYPE) throw detailError(409, `This is the ${TYPE} endpoint: data.type must be '${TYPE}', not '${payload.data.type}'.`);
    if (id !== undefined && payload.data.id !== undefined && payload.data.id !== id)
      throw detailError(409, `data.id '${payload.data.id}' is not the id of the URL ('${id}').`);
  }

  async create(principal: Principal, payload: Payload): Promise<ResourceDocument<Attributes>> {
    this.assertSameResource(payload);
    const attributes = parseAttributes(createCatalogueCollectionSchema, payload.data.attributes);
    const slug = deriveSlug(attributes.verboseName);
    if (slug === '') throw attributeErrors({ verboseName: 'The name needs at least one letter or digit.' });
    const id = `${principal.username}:${slug}`;
    if (await this.repository.collection(id)) throw attributeErrors({ verboseName: `A catalogue collection with this name already exists (${id}).` });
    const refs = payload.data.relationships?.workspaces?.data ?? [];
    const workspaceIds = await this.checkedWorkspaceIds(principal, refs, []);
    await this.applications.catalogue.upsertCollection(collectionDocument(id, attributes.verboseName, attributes.abstract), {
      ownerId: principal.id,
      isPublic: false,
      workspaceIds,
    });
    return this.get(principal, id);
  }

  async update(principal: Principal, id: string, payload: Payload): Promise<ResourceDocument<Attributes>> {
    const row = await this.repository.collection(id);
    if (!row || !mayRead(principal, row)) throw notFound(`No catalogue collection "${id}".`);
    this.assertSameResource(payload, id);
    if (!mayChangeCollection(principal, row)) throw permissionDenied();
    const changes = parseAttributes(updateCatalogueCollectionSchema, payload.data.attributes);
    const refs = payload.data.relationships?.workspaces?.data;
    const workspaceIds = refs ? await this.checkedWorkspaceIds(principal, refs, row.workspaceIds) : undefined;
    const document = { ...row.document };
    if (changes.verboseName !== undefined) document.title = changes.verboseName;
    if (changes.abstract !== undefined) document.description = changes.abstract || textOf(document, 'title') || id;
    await this.applications.catalogue.updateCollection(id, document, { ...(workspaceIds ? { workspaceIds } : {}) });
    return this.get(principal, id);
  }

  /** Deletes the collection and its items (applications and their packages: cascades). */
  async delete(principal: Principal, id: string): Promise<void> {
    const row = await this.repository.collection(id);
    if (!row || !mayRead(principal, row)) throw notFound(`No catalogue collection "${id}".`);
    if (!mayChangeCollection(principal, row)) throw permissionDenied();
    await this.applications.catalogue.deleteCollection(id);
  }

  private async checkedWorkspaceIds(principal: Principal, refs: { type: string; id: string }[], current: number[]): Promise<number[]> {
    const ids = [...new Set(refs.map((ref) => (/^[1-9]\d{0,8}$/.test(ref.id) ? Number(ref.id) : NaN)))];
    if (ids.some(Number.isNaN)) throw attributeErrors({ workspaces: 'Invalid workspace id.' });
    const known = new Set((await this.repository.workspaceIds(ids)).map(Number));
    if (ids.some((wsId) => !known.has(wsId))) throw attributeErrors({ workspaces: 'Unknown workspace.' });
    for (const wsId of ids) if (!current.includes(wsId) && !canAddToWorkspace(principal, wsId)) throw permissionDenied();
    return ids;
  }
}
