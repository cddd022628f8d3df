import type { Multipart } from '@fastify/multipart';
import { applicationOperations as operations, MAX_CWL_BYTES, UPLOAD_STEPS, type UploadStep, type UploadUpdate } from '@asb/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { onResource, PUBLIC, SIGNED_IN } from '../../platform/http/access.js';
import { detailError } from '../../platform/http/errors.js';
import { mount } from '../../platform/http/operations.js';
import { cwlPath } from './application-items.js';
import { ApplicationRefused, type CatalogueApplications } from './application-store.js';
import type { CollectionRow } from './applications.repository.js';
import { COLLECTION_RESOURCE } from './catalogue-collections.routes.js';

const tags = ['applications'];
const READ = { ...PUBLIC, permission: 'who may read the catalogue collection: public, its owner, staff or a member of a workspace it is shared with' };
const MB = 1024 * 1024;

/** An ApplicationRefused is the answer's status and message. */
async function refusedAsHttp<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApplicationRefused) throw detailError(error.status, error.message);
    throw error;
  }
}

const collectionRef = (row: CollectionRow) => ({
  identifier: row.id,
  verbose_name: typeof row.document.title === 'string' ? row.document.title : row.id,
  ownerId: row.ownerName,
});

/** The multipart body of upload_cwl: the `file` (at most MAX_CWL_BYTES) and the optional `upload_id`. */
async function readUpload(parts: AsyncIterable<Multipart>, onUploadId: (id: string) => void): Promise<{ text: string; fileName: string }> {
  let file: { text: string; fileName: string } | undefined;
  for await (const part of parts) {
    if (part.type === 'field') {
      // before the file (as the web sends it), the failure of a too large file is named too
      if (part.fieldname === 'upload_id') onUploadId(String(part.value).slice(0, 200));
      continue;
    }
    if (part.fieldname !== 'file' || file) {
      part.file.resume();
      throw detailError(400, `Send one CWL file in the multipart field 'file' (got '${part.fieldname}').`);
    }
    const chunks: Buffer[] = [];
    for await (const chunk of part.file) chunks.push(chunk as Buffer);
    if (part.file.truncated) throw detailError(413, `The CWL file is larger than the ${MAX_CWL_BYTES / MB} MB limit of an upload.`);
    file = { text: Buffer.concat(chunks).toString('utf8'), fileName: part.filename };
  }
  if (!file) throw detailError(400, "No file was sent: send the CWL file in the multipart field 'file'.");
  return file;
}

/**
 * The applications of a catalogue collection (spec 3 §7 "Catalogue, backend"; docs/applications.md):
 * upload, describe, update (publish, unpublish), download, delete, the writable collections and
 * the search. Execution is apps-run's (execute), in its own file.
 */
export function registerApplicationRoutes(app: FastifyInstance, ctx: AppContext, store: CatalogueApplications): void {
  const base = '/backend/v1/catalogue-collections';

  mount(app, operations, `GET ${base}/collections_with_write_permissions`, { access: SIGNED_IN, tags }, async (request) => ({
    data: (await store.writableCollections(request.principal)).map(collectionRef),
  }));

  mount(app, operations, `GET ${base}/search_applications_available_to_user`, { access: READ, tags }, async (request) => ({
    data: (await store.search(request.principal, request.query.query)).map((group) => ({
      collection: collectionRef(group.collection),
      applications: group.applications,
    })),
  }));

  mount(app, operations, `GET ${base}/{id}/applications`, { access: READ, tags }, async (request) =>
    refusedAsHttp(async () => ({ data: await store.list(request.principal, request.params.id) })),
  );

  const uploadAccess = onResource(
    COLLECTION_RESOURCE,
    'upload: a superuser, or the owner of a collection whose identifier does not end with :published (spec 3 §6)',
  );
  mount(app, operations, `POST ${base}/{id}/upload_cwl`, { access: uploadAccess, tags }, async (request, reply) => {
    const principal = request.principal;
    const collection = request.params.id;
    // the client's upload_id names the live messages of this upload; without one, the messages go unnamed
    let uploadId = '';
    const publish = (step: UploadStep | 'failed', message?: string) => {
      const progress = step === 'failed' ? 100 : Math.round(((UPLOAD_STEPS.indexOf(step) + 1) / UPLOAD_STEPS.length) * 100);
      const payload: UploadUpdate = { upload_id: uploadId, collection, step, progress, ...(message ? { message } : {}) };
      void ctx.bus.publish({ type: 'uploadUpdate', audience: principal.username, payload: { ...payload } });
    };
    try {
      const upload = await readUpload(request.parts({ limits: { fileSize: MAX_CWL_BYTES, files: 1 } }), (id) => (uploadId = id));
      const summary = await refusedAsHttp(() =>
        store.register(principal, collection, upload.text, { replace: false, fileName: upload.fileName, onStep: publish }),
      );
      reply.code(201);
      return { data: summary };
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      const limit = (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
      const message = limit ? `The CWL file is larger than the ${MAX_CWL_BYTES / MB} MB limit of an upload.` : (error as Error).message;
      publish('failed', status !== undefined && status < 500 ? message : 'The upload failed: the server could not register the application.');
      if (limit) throw detailError(413, message);
      throw error;
    }
  });

  mount(app, operations, `POST ${base}/{id}/describe_application`, { access: READ, tags }, async (request) =>
    refusedAsHttp(async () => ({ data: await store.describe(request.principal, request.params.id, request.body.identifier) })),
  );

  const editAccess = onResource(COLLECTION_RESOURCE, 'edit: owner of the collection or superuser; a published application: superuser only (spec 3 §6)');
  mount(app, operations, `POST ${base}/{id}/update_application`, { access: editAccess, tags }, async (request) =>
    refusedAsHttp(async () => ({ data: await store.update(request.principal, request.params.id, request.body) })),
  );

  mount(app, operations, `POST ${base}/{id}/download_cwl`, { access: READ, tags }, async (request) =>
    refusedAsHttp(async () => {
      const application = await store.describe(request.principal, request.params.id, request.body.identifier);
      if (application.original_cwl === null) throw new ApplicationRefused(404, `Application "${application.identifier}" has no original CWL.`);
      return { url: cwlPath(application.collection, application.identifier) };
    }),
  );

  mount(app, operations, `GET ${base}/{id}/applications/{identifier}/cwl`, { access: READ, tags }, async (request, reply) => {
    const { cwl, mediaType } = await refusedAsHttp(() => store.cwlText(request.principal, request.params.id, request.params.identifier));
    const fileName = `${request.params.identifier.replace(/[^A-Za-z0-9_.-]/g, '_')}.cwl`;
    return reply.type(`${mediaType}; charset=utf-8`).header('content-disposition', `attachment; filename="${fileName}"`).send(cwl);
  });

  mount(
    app,
    operations,
    `POST ${base}/{id}/delete_app`,
    { access: onResource(COLLECTION_RESOURCE, 'delete an application: owner of the collection or superuser'), tags },
    async (request) =>
      refusedAsHttp(async () => {
        await store.remove(request.principal, request.params.id, request.body.identifier);
        return { message: 'Successfully deleted application' };
      }),
  );
}
