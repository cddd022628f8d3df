import type { Application, ApplicationSummary } from '@asb/contracts';
import type { TestApp } from './test-app.js';

type Headers = Record<string, string>;

/** A multipart body with the CWL `file` (and an optional upload_id), as the upload modal sends it. */
export async function cwlUpload(text: string | Buffer, fileName = 'application.cwl', fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([text]), fileName);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

const base = '/backend/v1/catalogue-collections';
const at = (collection: string) => `${base}/${encodeURIComponent(collection)}`;

/** The calls of the applications API a test makes, as one user. */
export function applicationsApi(app: TestApp, headers: Headers) {
  return {
    async createCollection(verboseName: string, abstract = '') {
      return app.server.inject({
        method: 'POST',
        url: base,
        headers,
        payload: { data: { type: 'catalogue-collections', attributes: { verboseName, abstract } } },
      });
    },
    async upload(collection: string, text: string | Buffer, fileName?: string, fields?: Record<string, string>) {
      const body = await cwlUpload(text, fileName, fields);
      return app.server.inject({ method: 'POST', url: `${at(collection)}/upload_cwl`, headers: { ...headers, ...body.headers }, payload: body.payload });
    },
    async describe(collection: string, identifier: string) {
      return app.server.inject({ method: 'POST', url: `${at(collection)}/describe_application`, headers, payload: { identifier } });
    },
    async update(collection: string, payload: Record<string, unknown>) {
      return app.server.inject({ method: 'POST', url: `${at(collection)}/update_application`, headers, payload });
    },
    async remove(collection: string, identifier: string) {
      return app.server.inject({ method: 'POST', url: `${at(collection)}/delete_app`, headers, payload: { identifier } });
    },
    async list(collection: string) {
      return app.server.inject({ url: `${at(collection)}/applications`, headers });
    },
    async applications(collection: string): Promise<ApplicationSummary[]> {
      const response = await app.server.inject({ url: `${at(collection)}/applications`, headers });
      if (response.statusCode !== 200) throw new Error(`applications of ${collection}: ${response.statusCode} ${response.body}`);
      return response.json<{ data: ApplicationSummary[] }>().data;
    },
    async described(collection: string, identifier: string): Promise<Application> {
      const response = await app.server.inject({ method: 'POST', url: `${at(collection)}/describe_application`, headers, payload: { identifier } });
      if (response.statusCode !== 200) throw new Error(`describe ${collection}/${identifier}: ${response.statusCode} ${response.body}`);
      return response.json<{ data: Application }>().data;
    },
  };
}
