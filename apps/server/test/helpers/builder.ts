import crypto from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { CreateExecutionPayload, ExecutionAttributes, ProcessSignature, WorkflowGraph } from '@asb/contracts';
import { expect } from 'vitest';
import { processes, processVersions, resourceWorkspaces, workflows, workflowVersions } from '../../src/db-schema.js';
import type { Headers, JsonApiObject, Method } from './knowledge-api.js';
import type { TestApp } from './test-app.js';

export type ExecutionObject = JsonApiObject<ExecutionAttributes>;

export interface ErrorBody {
  detail?: string;
  errors: { status: string; title?: string; detail: string; source?: { pointer: string } }[];
}

/**
 * Seeds for the builder tests, written straight into the database as the knowledge
 * module would write them (a released process version, a workflow with its saved
 * versions), so that these tests do not depend on the workflows API.
 */
export function builderSeeds(app: TestApp) {
  return {
    /** a process and one released version `{identifier}:{value}` with the signature */
    async releasedVersion(identifier: string, value: string, signature: Omit<ProcessSignature, 'dependencies'>, ownerId = 'admin'): Promise<number> {
      let [process] = await app.ctx.db.select().from(processes).where(eq(processes.identifier, identifier));
      process ??= (await app.ctx.db.insert(processes).values({ identifier, slug: identifier, label: identifier, ownerId }).returning())[0]!;
      const [version] = await app.ctx.db
        .insert(processVersions)
        .values({
          identifier: `${identifier}:${value}`,
          label: identifier,
          ownerId,
          processId: process.id,
          value,
          signature: { dependencies: [], ...signature },
        })
        .returning();
      return version!.id;
    },
    /**
     * a workflow whose versions are the graphs given (the last is current), shared with the
     * workspaces, and so are the processes its graphs name: a member runs only code they may
     * read (docs/security.md "Secrets in executions")
     */
    async workflow(
      identifier: string,
      graphs: WorkflowGraph[],
      options: { ownerId?: string; label?: string; isArchived?: boolean; workspaceIds?: string[] } = {},
    ): Promise<string> {
      const ownerId = options.ownerId ?? 'admin';
      const current = graphs[graphs.length - 1] ?? { nodes: [], edges: [] };
      const [row] = await app.ctx.db
        .insert(workflows)
        .values({
          identifier,
          slug: identifier,
          label: options.label ?? identifier,
          ownerId,
          isArchived: options.isArchived ?? false,
          version: Math.max(graphs.length, 1),
          graph: current,
        })
        .returning();
      const versions = graphs.length > 0 ? graphs : [current];
      await app.ctx.db
        .insert(workflowVersions)
        .values(versions.map((graph, index) => ({ workflowId: row!.id, version: index + 1, graph, createdBy: ownerId })));
      const named = [...new Set(versions.flatMap((graph) => graph.nodes.flatMap((node) => (node.processVersion ? [node.processVersion] : []))))];
      const processIds =
        named.length === 0
          ? []
          : await app.ctx.db.selectDistinct({ id: processVersions.processId }).from(processVersions).where(inArray(processVersions.identifier, named));
      for (const workspaceId of options.workspaceIds ?? []) {
        await app.ctx.db.insert(resourceWorkspaces).values({ resourceType: 'workflows', resourceId: row!.id, workspaceId: Number(workspaceId) });
        for (const { id } of processIds) {
          await app.ctx.db
            .insert(resourceWorkspaces)
            .values({ resourceType: 'processes', resourceId: id, workspaceId: Number(workspaceId) })
            .onConflictDoNothing();
        }
      }
      return String(row!.id);
    },
  };
}

/** The builder/v1 executions calls, as the web client makes them. */
export function builderApi(app: TestApp) {
  const base = '/builder/v1/executions';
  const send = (method: Method, url: string, headers: Headers = app.adminHeader, payload?: object) =>
    app.server.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return {
    base,
    send,
    create: (payload: CreateExecutionPayload | object, headers: Headers = app.adminHeader) => send('POST', base, headers, payload),
    /** creates and expects 201; the execution object */
    async created(payload: CreateExecutionPayload, headers: Headers = app.adminHeader): Promise<ExecutionObject> {
      const response = await send('POST', base, headers, payload);
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ data: ExecutionObject }>().data;
    },
    get: (id: string, headers: Headers = app.adminHeader) => send('GET', `${base}/${id}`, headers),
    execute: (id: string, headers: Headers = app.adminHeader) => send('PATCH', `${base}/${id}/execute`, headers),
    productOrder: (id: string, headers: Headers = app.adminHeader) => send('POST', `${base}/${id}/product-order`, headers),
    allowed: (processorId: string, headers: Headers = app.adminHeader) =>
      send('GET', `${base}/execution_allowed?processor_id=${encodeURIComponent(processorId)}`, headers),
    share: (id: string, workspaceIds: string[], headers: Headers = app.adminHeader) =>
      send('PATCH', `${base}/${id}`, headers, {
        data: { type: 'executions', id, relationships: { workspaces: { data: workspaceIds.map((w) => ({ type: 'workspaces', id: w })) } } },
      }),
    /** identifiers of the listed executions */
    async list(query = '', headers: Headers = app.adminHeader): Promise<ExecutionObject[]> {
      const response = await send('GET', `${base}${query ? `?${query}` : ''}`, headers);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: ExecutionObject[] }>().data;
    },
  };
}

/** What the execute form does with a password: RSA-OAEP / SHA-256 with the instance's public key, base64. */
export async function encryptForInstance(app: TestApp, clearText: string, headers: Headers = app.adminHeader): Promise<string> {
  const response = await app.server.inject({ method: 'GET', url: '/keystore/v1/public-key', headers });
  expect(response.statusCode, response.body).toBe(200);
  const spki = Buffer.from(response.json<{ data: { public_key: string } }>().data.public_key, 'base64');
  const key = crypto.createPublicKey({ key: spki, format: 'der', type: 'spki' });
  return crypto.publicEncrypt({ key, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(clearText)).toString('base64');
}
