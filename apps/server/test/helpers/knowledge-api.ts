import type { ProcessSignature, WorkspaceRole } from '@asb/contracts';
import { expect } from 'vitest';
import { processImages, processVersions } from '../../src/db-schema.js';
import type { TestApp } from './test-app.js';

export type Headers = Record<string, string>;
export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface JsonApiObject<A = Record<string, unknown>> {
  type: string;
  id: string;
  attributes: A & {
    identifier: string;
    label: string;
    ownerId: string;
    isArchived: boolean;
    permissions: { change: boolean; delete: boolean; share: boolean };
  };
  relationships: Record<string, { data: { type: string; id: string } | { type: string; id: string }[] }>;
}

export interface JsonApiList<A = Record<string, unknown>> {
  data: JsonApiObject<A>[];
  meta: { pagination: { page: number; pages: number; count: number } };
}

/** JSON:API calls of the knowledge and resmgr stores, for the process authoring tests. */
export function knowledgeApi(app: TestApp) {
  const send = (method: Method, url: string, headers: Headers = app.adminHeader, payload?: object) =>
    app.server.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  const api = {
    send,
    async list<A = Record<string, unknown>>(url: string, headers: Headers = app.adminHeader): Promise<JsonApiList<A>> {
      const response = await send('GET', url, headers);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<JsonApiList<A>>();
    },
    createProcess: (attributes: object, headers: Headers = app.adminHeader, workspaceIds?: string[]) =>
      send('POST', '/knowledge/v1/processes', headers, {
        data: {
          type: 'processes',
          attributes,
          relationships: workspaceIds ? { workspaces: { data: workspaceIds.map((id) => ({ type: 'workspaces', id })) } } : undefined,
        },
      }),
    async processId(attributes: object, headers: Headers = app.adminHeader, workspaceIds?: string[]): Promise<string> {
      const response = await api.createProcess(attributes, headers, workspaceIds);
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ data: JsonApiObject }>().data.id;
    },
    createBucket: (processId: string, headers: Headers = app.adminHeader) =>
      send('POST', '/knowledge/v1/process-buckets', headers, {
        data: { type: 'process-buckets', relationships: { process: { data: { type: 'processes', id: processId } } } },
      }),
    patch: (url: string, type: string, attributes: object, headers: Headers = app.adminHeader) =>
      send('PATCH', url, headers, { data: { type, id: url.split('/').pop(), attributes } }),
    async workspace(identifier: string): Promise<string> {
      const response = await send('POST', '/knowledge/v1/workspaces', app.adminHeader, {
        data: { type: 'workspaces', attributes: { identifier, label: identifier } },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ data: JsonApiObject }>().data.id;
    },
    /** a user with the given roles (workspace id -> role) and their auth header */
    async member(username: string, roles: Record<string, WorkspaceRole> = {}): Promise<Headers> {
      const headers = await app.userWithHeader(username);
      const user = await app.ctx.users.findByUsername(username);
      for (const [workspaceId, role] of Object.entries(roles)) await app.ctx.users.addRole(user!.id, Number(workspaceId), role);
      return headers;
    },
    /** A released version as the procimp release step records it, with its image. */
    async releasedVersion(process: { id: string; identifier: string }, value: string, bucketId?: string, signature?: ProcessSignature): Promise<string> {
      const [version] = await app.ctx.db
        .insert(processVersions)
        .values({
          identifier: `${process.identifier}:${value}`,
          label: process.identifier,
          ownerId: 'admin',
          processId: Number(process.id),
          bucketId: bucketId ? Number(bucketId) : null,
          value,
          signature: signature ?? { inputs: [{ name: 'area', dataType: 'bbox' }], outputs: [{ name: 'ndvi', dataType: 'geotiff' }], dependencies: ['numpy'] },
          dependencies: ['numpy'],
          manifest: [{ path: 'process_wrapper.py', sha256: 'a'.repeat(64), size: 10 }],
        })
        .returning();
      await app.ctx.db.insert(processImages).values({
        identifier: `${process.identifier}:${value}`,
        label: process.identifier,
        ownerId: 'admin',
        processIdentifier: process.identifier,
        processVersion: value,
        versionId: version!.id,
        allocatedCpus: 2,
        allocatedMem: 2048,
      });
      return String(version!.id);
    },
  };
  return api;
}
