import {
  MAX_CWL_BYTES,
  PUBLISHED_SUFFIX,
  publishedCollectionOf,
  type Application,
  type ApplicationSummary,
  type ApplicationUpdate,
  type UploadStep,
} from '@asb/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import { DocumentRefused } from '../../platform/documents/document-limits.js';
import { nulPath } from '../../platform/http/input-guards.js';
import type { CatalogueRepository } from '../catalogue/catalogue.repository.js';
import { mayEdit, mayManage, mayRead, mayUpload } from './application-access.js';
import { applicationItemRow, applicationOf, applicationSummary, cwlAssets, isStoredApplication, mediaTypeOf } from './application-items.js';
import { EditRefused, editedDescription } from './application-update.js';
import { ApplicationsRepository, type ApplicationRow, type CollectionRow } from './applications.repository.js';
import { CwlRefused, describeCwl } from './cwl-describe.js';
import type { CwlValidator } from './cwl-validate.js';
import { collectionDocument } from './catalogue-collections.service.js';

export interface RunnableApplication {
  collection: string;
  identifier: string;
  ownerId: string;
  application: Application;
  cwl: string;
}

/** What is wrong with a request on applications: its status (400, 403, 404, 409, 413) and a message for the user. */
export class ApplicationRefused extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 413,
    message: string,
  ) {
    super(message);
    this.name = 'ApplicationRefused';
  }
}

/** The applications of the catalogue as the rest of the server uses them (the execute route, /ogcapi). */
export interface ApplicationStore {
  /** the application if `principal` may read (and so execute) it; undefined otherwise (404 for the caller) */
  runnable(principal: Principal | null, collection: string, identifier: string): Promise<RunnableApplication | undefined>;
  /** every application `principal` may execute, newest first */
  listRunnable(principal: Principal): Promise<ApplicationSummary[]>;
  /** validates (cwltool in the sandbox) and describes a CWL text and stores it in `collection` (which principal must be allowed to upload to, spec 3 §6); `replace` allows overwriting the same identifier; `onStep` reports the steps; throws ApplicationRefused */
  register(
    principal: Principal,
    collection: string,
    cwl: string,
    options: { replace: boolean; onStep?: (step: UploadStep) => void; fileName?: string },
  ): Promise<ApplicationSummary>;
  remove(principal: Principal, collection: string, identifier: string): Promise<void>;
  /** the caller's own collection `{username}:{slug}`, created (private) if missing; answers its id */
  ensureOwnCollection(principal: Principal, slug: string, title: string): Promise<string>;
}

const isPublishedCollection = (id: string) => id.endsWith(PUBLISHED_SUFFIX);

const noCollection = (id: string) => new ApplicationRefused(404, `No catalogue collection "${id}".`);
const noApplication = (collection: string, id: string) => new ApplicationRefused(404, `No application "${id}" in collection "${collection}".`);

/** The ApplicationStore over the catalogue's tables (docs/applications.md), and what the routes ask beside it. */
export class CatalogueApplications implements ApplicationStore {
  readonly repository: ApplicationsRepository;

  constructor(
    readonly catalogue: CatalogueRepository,
    db: ConstructorParameters<typeof ApplicationsRepository>[0],
    private readonly validator: CwlValidator,
    /** told when a published application appears, changes, moves or goes (the marketplace reads again) */
    private readonly onPublishedChange: () => Promise<void> = async () => {},
  ) {
    this.repository = new ApplicationsRepository(db);
  }

  /** The application items of some collections that this module wrote (a package and a valid description); others are skipped. */
  private async applicationRows(where: { collections: string[] }): Promise<ApplicationRow[]> {
    return (await this.repository.applications(where)).filter(isStoredApplication);
  }

  private async applicationRow(collectionId: string, identifier: string): Promise<ApplicationRow | undefined> {
    const row = await this.repository.application(collectionId, identifier);
    return row && isStoredApplication(row) ? row : undefined;
  }

  /** The collection when `principal` may read it; 404 otherwise (a hidden collection is not told apart from a missing one). */
  async readable(principal: Principal | null, id: string): Promise<CollectionRow> {
    const collection = await this.repository.collection(id);
    if (!collection || !mayRead(principal, collection)) throw noCollection(id);
    return collection;
  }

  async list(principal: Principal | null, collectionId: string): Promise<ApplicationSummary[]> {
    const collection = await this.readable(principal, collectionId);
    const rows = await this.applicationRows({ collections: [collection.id] });
    return rows.map((row) => applicationSummary(row, collection, principal));
  }

  async describe(principal: Principal | null, collectionId: string, identifier: string): Promise<Application> {
    const collection = await this.readable(principal, collectionId);
    const row = await this.applicationRow(collection.id, identifier);
    if (!row) throw noApplication(collection.id, identifier);
    const cwl = row.hasPackage ? ((await this.repository.packageText(collection.id, identifier))?.cwl ?? null) : null;
    return applicationOf(row, collection, principal, cwl);
  }

  async runnable(principal: Principal | null, collection: string, identifier: string): Promise<RunnableApplication | undefined> {
    try {
      const application = await this.describe(principal, collection, identifier);
      if (application.original_cwl === null) return undefined;
      return { collection, identifier, ownerId: application.ownerId, application, cwl: application.original_cwl };
    } catch (error) {
      if (error instanceof ApplicationRefused && error.status === 404) return undefined;
      throw error;
    }
  }

  async listRunnable(principal: Principal): Promise<ApplicationSummary[]> {
    const collections = (await this.repository.collections()).filter((collection) => mayRead(principal, collection));
    const byId = new Map(collections.map((collection) => [collection.id, collection]));
    const rows = await this.applicationRows({ collections: [...byId.keys()] });
    return rows.map((row) => applicationSummary(row, byId.get(row.collectionId)!, principal));
  }

  /** The CWL text as uploaded, when `principal` may read the application. */
  async cwlText(principal: Principal | null, collectionId: string, identifier: string): Promise<{ cwl: string; mediaType: string }> {
    const collection = await this.readable(principal, collectionId);
    const text = await this.repository.packageText(collection.id, identifier);
    if (!text) throw noApplication(collection.id, identifier);
    return text;
  }

  async register(
    principal: Principal,
    collectionId: string,
    cwl: string,
    options: { replace: boolean; onStep?: (step: UploadStep) => void; fileName?: string },
  ): Promise<ApplicationSummary> {
    const collection = await this.readable(principal, collectionId);
    if (!mayUpload(principal, collection)) {
      throw new ApplicationRefused(
        403,
        collection.id.endsWith(':published')
          ? 'Only a superuser registers applications in a published collection.'
          : 'Only the owner of this collection or a superuser registers applications in it.',
      );
    }
    if (Buffer.byteLength(cwl, 'utf8') > MAX_CWL_BYTES)
      throw new ApplicationRefused(413, `The CWL file is larger than the ${MAX_CWL_BYTES / 1024 / 1024} MB limit.`);
    options.onStep?.('received');
    if (cwl.includes('\0')) throw new ApplicationRefused(400, 'The CWL file may not contain NUL characters (\\u0000).');
    let description;
    try {
      description = await describeCwl(cwl, { fileName: options.fileName });
    } catch (error) {
      if (error instanceof CwlRefused) throw new ApplicationRefused(400, error.message);
      if (error instanceof DocumentRefused) throw new ApplicationRefused(error.status, error.message);
      throw error;
    }
    const nul = nulPath(description, '');
    if (nul !== undefined)
      throw new ApplicationRefused(400, `The CWL file may not contain NUL characters (\\u0000) in its texts (found at ${nul || 'the top'}).`);
    if (!options.replace && (await this.repository.itemExists(collection.id, description.identifier))) {
      throw new ApplicationRefused(409, `An application "${description.identifier}" already exists in collection "${collection.id}".`);
    }
    const invalid = await this.validator.validate(cwl);
    if (invalid !== undefined) throw new ApplicationRefused(400, invalid);
    options.onStep?.('validated');
    options.onStep?.('described');
    const existing = await this.repository.itemExists(collection.id, description.identifier);
    if (existing && !(await this.applicationRow(collection.id, description.identifier))) {
      throw new ApplicationRefused(
        409,
        `Collection "${collection.id}" holds an item "${description.identifier}" that is not an application registered here: an application cannot replace it.`,
      );
    }
    const mediaType = mediaTypeOf(cwl);
    await this.repository.saveApplication(applicationItemRow(collection.id, description, mediaType, new Date()), { text: cwl, mediaType });
    options.onStep?.('registered');
    if (isPublishedCollection(collection.id)) await this.onPublishedChange();
    const row = await this.applicationRow(collection.id, description.identifier);
    return applicationSummary(row!, collection, principal);
  }

  async remove(principal: Principal, collectionId: string, identifier: string): Promise<void> {
    const collection = await this.readable(principal, collectionId);
    const row = await this.applicationRow(collection.id, identifier);
    if (!row) throw noApplication(collection.id, identifier);
    if (!mayManage(principal, collection)) throw new ApplicationRefused(403, 'Only the owner of the collection or a superuser deletes its applications.');
    await this.repository.deleteApplication(collection.id, identifier);
    if (isPublishedCollection(collection.id)) await this.onPublishedChange();
  }

  /** update_application: the attributes, then the move (publish to `{owner}:published`, unpublish to another collection). */
  async update(principal: Principal, collectionId: string, update: ApplicationUpdate): Promise<Application> {
    const collection = await this.readable(principal, collectionId);
    const identifier = update.cwl_identifier;
    const row = await this.applicationRow(collection.id, identifier);
    if (!row) throw noApplication(collection.id, identifier);
    let edited;
    try {
      edited = editedDescription(row.properties, update);
    } catch (error) {
      if (error instanceof EditRefused) throw new ApplicationRefused(400, error.message);
      throw error;
    }
    const { description, changed } = edited;
    if (changed) {
      if (!mayEdit(principal, collection)) {
        throw new ApplicationRefused(
          403,
          collection.id.endsWith(':published')
            ? 'Only a superuser edits a published application.'
            : 'Only the owner of the collection or a superuser edits its applications.',
        );
      }
    }
    // the move is checked before anything is written: a refused move leaves the application as it was
    const moving = update.collection !== undefined && update.collection !== collection.id;
    const target = moving ? await this.moveTarget(principal, collection, identifier, update.collection!) : collection;
    if (changed) await this.repository.updateApplication(collection.id, identifier, description);
    if (moving) {
      const text = await this.repository.packageText(collection.id, identifier);
      await this.repository.moveApplication(collection.id, target.id, identifier, cwlAssets(target.id, identifier, text?.mediaType ?? 'application/cwl+yaml'));
    }
    if ((changed || moving) && (isPublishedCollection(collection.id) || isPublishedCollection(target.id))) await this.onPublishedChange();
    return this.describe(principal, target.id, identifier);
  }

  /** Where an application of `from` may move (publish to `{owner}:published`, made when missing; unpublish elsewhere); throws ApplicationRefused. */
  private async moveTarget(principal: Principal, from: CollectionRow, identifier: string, to: string): Promise<CollectionRow> {
    if (!mayManage(principal, from))
      throw new ApplicationRefused(403, 'Only the owner of the collection or a superuser publishes or unpublishes its applications.');
    const publishing = to === publishedCollectionOf(from.ownerName);
    let target = await this.repository.collection(to);
    if (!target && publishing) {
      await this.catalogue.upsertCollection(collectionDocument(to, `${from.ownerName} published`, `Applications ${from.ownerName} published`), {
        ownerId: from.ownerId,
        isPublic: true,
      });
      target = await this.repository.collection(to);
    }
    if (!target || !mayRead(principal, target)) throw noCollection(to);
    if (publishing && target.ownerId !== from.ownerId) {
      throw new ApplicationRefused(
        409,
        `Collection "${to}" is not owned by ${from.ownerName}: applications are published only into their owner's own published collection.`,
      );
    }
    if (!publishing && !mayUpload(principal, target)) throw new ApplicationRefused(403, `You may not move applications into collection "${to}".`);
    if (await this.repository.itemExists(target.id, identifier)) {
      throw new ApplicationRefused(409, `An application "${identifier}" already exists in collection "${target.id}".`);
    }
    return target;
  }

  async ensureOwnCollection(principal: Principal, slug: string, title: string): Promise<string> {
    const id = `${principal.username}:${slug}`;
    const existing = await this.repository.collection(id);
    if (existing && existing.ownerId !== principal.id)
      throw new ApplicationRefused(409, `Collection "${id}" exists but is owned by another user ("${existing.ownerName}"): it is not used as yours.`);
    if (!existing) await this.catalogue.upsertCollection(collectionDocument(id, title, ''), { ownerId: principal.id, isPublic: false });
    return id;
  }

  /** collections_with_write_permissions: where the caller may register applications (spec 3 §6). */
  async writableCollections(principal: Principal): Promise<CollectionRow[]> {
    return (await this.repository.collections()).filter((collection) => mayUpload(principal, collection));
  }

  /** search_applications_available_to_user: matches in title, identifier, keywords, description (that order of weight), grouped by collection. */
  async search(principal: Principal | null, query: string): Promise<{ collection: CollectionRow; applications: ApplicationSummary[] }[]> {
    const needle = query.trim().toLowerCase();
    if (needle === '') return [];
    const collections = (await this.repository.collections()).filter((collection) => mayRead(principal, collection));
    const byId = new Map(collections.map((collection) => [collection.id, collection]));
    const rows = await this.applicationRows({ collections: [...byId.keys()] });
    const groups = new Map<string, { score: number; entries: { score: number; summary: ApplicationSummary }[] }>();
    for (const row of rows) {
      const summary = applicationSummary(row, byId.get(row.collectionId)!, principal);
      const score = matchScore(summary, needle);
      if (score === 0) continue;
      const group = groups.get(row.collectionId) ?? { score: 0, entries: [] };
      group.score = Math.max(group.score, score);
      group.entries.push({ score, summary });
      groups.set(row.collectionId, group);
    }
    return [...groups.entries()]
      .sort(([a, x], [b, y]) => y.score - x.score || a.localeCompare(b))
      .map(([id, group]) => ({
        collection: byId.get(id)!,
        applications: group.entries.sort((x, y) => y.score - x.score || x.summary.identifier.localeCompare(y.summary.identifier)).map((entry) => entry.summary),
      }));
  }
}

/** How well an application matches a lowercased query: title 8, identifier 4, a keyword 2, the description 1 (summed). */
function matchScore(summary: ApplicationSummary, needle: string): number {
  const has = (text: string) => text.toLowerCase().includes(needle);
  return (
    (has(summary.title) ? 8 : 0) +
    (has(summary.identifier) ? 4 : 0) +
    (summary.keywords.some(has) ? 2 : 0) +
    (has(summary.abstract) || has(summary.doc) ? 1 : 0)
  );
}
