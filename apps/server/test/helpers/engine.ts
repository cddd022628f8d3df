import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { ExecutionAttributes, ProcessSignature, WorkflowGraph } from '@asb/contracts';
import { snapshotFolder } from '../../src/modules/procimp/build/snapshot.js';
import { executions, processes, processImages, processVersions } from '../../src/platform/db/schema.js';
import { builderSeeds } from './builder.js';
import type { Headers } from './knowledge-api.js';
import type { TestApp } from './test-app.js';

export interface ImageSettings {
  allocatedCpus?: number;
  retries?: number;
  retryDelaySeconds?: number;
  timeoutSeconds?: number;
}

/**
 * Real processes for the engine tests: a wrapper's source is snapshotted into the app's
 * objects folder and recorded as a released version with its image, as a release does.
 */
export function engineSeeds(app: TestApp) {
  const seeds = builderSeeds(app);
  return {
    ...seeds,
    async runnable(identifier: string, source: string, signature: Omit<ProcessSignature, 'dependencies'>, image: ImageSettings = {}): Promise<string> {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-wrapper-'));
      await fs.writeFile(path.join(dir, 'process_wrapper.py'), source);
      const manifest = await snapshotFolder(dir, app.storage.objectsDir);
      await fs.rm(dir, { recursive: true, force: true });
      const [process] = await app.ctx.db.insert(processes).values({ identifier, slug: identifier, label: identifier, ownerId: 'admin' }).returning();
      const [version] = await app.ctx.db
        .insert(processVersions)
        .values({ identifier: `${identifier}:1`, label: identifier, ownerId: 'admin', processId: process!.id, value: '1', signature: { dependencies: [], ...signature }, manifest })
        .returning();
      await app.ctx.db.insert(processImages).values({
        identifier: `${identifier}:1`,
        label: identifier,
        ownerId: 'admin',
        processIdentifier: identifier,
        processVersion: '1',
        versionId: version!.id,
        allocatedCpus: image.allocatedCpus ?? 1,
        retries: image.retries ?? 0,
        retryDelaySeconds: image.retryDelaySeconds ?? 0,
        timeoutSeconds: image.timeoutSeconds ?? 60,
      });
      return `${identifier}:1`;
    },
    /** POST executions + PATCH execute; the execution's id */
    async run(workflowId: string, inputs: { node_id: string; items: { identifier: string; value: string }[] }[] = [], headers: Headers = app.adminHeader): Promise<string> {
      const created = await app.server.inject({ method: 'POST', url: '/builder/v1/executions', headers, payload: { processor_id: workflowId, inputs } });
      if (created.statusCode !== 201) throw new Error(`create: ${created.statusCode} ${created.body}`);
      const id = created.json<{ data: { id: string } }>().data.id;
      const executed = await app.server.inject({ method: 'PATCH', url: `/builder/v1/executions/${id}/execute`, headers });
      if (executed.statusCode !== 200) throw new Error(`execute: ${executed.statusCode} ${executed.body}`);
      return id;
    },
    graph(nodes: { id: string; version?: string; kind?: 'process' | 'dynamic-list-splitter' }[], edges: [string, string, string, string][]): WorkflowGraph {
      return {
        nodes: nodes.map((node) => ({
          id: node.id,
          kind: node.kind ?? 'process',
          ...(node.version ? { processVersion: node.version } : {}),
          position: { x: 0, y: 0 },
          inputs: {},
          ...(node.kind === 'dynamic-list-splitter' ? { listType: 'list-string' as const } : {}),
        })),
        edges: edges.map(([source, sourceOutput, target, targetInput]) => ({ source, sourceOutput, target, targetInput })),
      };
    },
  };
}

/** Polls the execution's row until its status is one of `statuses`. */
export async function waitForStatus(app: TestApp, id: string, statuses: string[], timeoutMs = 20_000): Promise<typeof executions.$inferSelect> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await app.ctx.db.select().from(executions).where(eq(executions.id, Number(id)));
    if (row && statuses.includes(row.status)) return row;
    if (Date.now() > deadline) throw new Error(`execution ${id} still ${row?.status} after ${timeoutMs} ms: ${JSON.stringify(row?.executionResults)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function getExecution(app: TestApp, id: string, headers: Headers = app.adminHeader): Promise<ExecutionAttributes> {
  const response = await app.server.inject({ method: 'GET', url: `/builder/v1/executions/${id}`, headers });
  return response.json<{ data: { attributes: ExecutionAttributes } }>().data.attributes;
}
