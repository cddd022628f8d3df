import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { ExecutionAttributes, ProcessSignature, TaskAttributes, WorkflowGraph } from '@asb/contracts';
import { expect, vi } from 'vitest';
import { snapshotFolder } from '../../src/modules/procimp/build/snapshot.js';
import { executions, executionTasks, processes, processImages, processVersions } from '../../src/db-schema.js';
import { builderSeeds } from './builder.js';
import type { Headers } from './knowledge-api.js';
import type { TestApp } from './test-app.js';

export interface ImageSettings {
  allocatedCpus?: number;
  allocatedMem?: number;
  allocatedDisk?: number;
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
    async runnable(
      identifier: string,
      source: string,
      signature: Omit<ProcessSignature, 'dependencies'>,
      image: ImageSettings = {},
      ownerId = 'admin',
    ): Promise<string> {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-wrapper-'));
      await fs.writeFile(path.join(dir, 'process_wrapper.py'), source);
      const manifest = await snapshotFolder(dir, app.storage.objectsDir);
      await fs.rm(dir, { recursive: true, force: true });
      const [process] = await app.ctx.db.insert(processes).values({ identifier, slug: identifier, label: identifier, ownerId }).returning();
      const [version] = await app.ctx.db
        .insert(processVersions)
        .values({
          identifier: `${identifier}:1`,
          label: identifier,
          ownerId,
          processId: process!.id,
          value: '1',
          signature: { dependencies: [], ...signature },
          manifest,
        })
        .returning();
      await app.ctx.db.insert(processImages).values({
        identifier: `${identifier}:1`,
        label: identifier,
        ownerId,
        processIdentifier: identifier,
        processVersion: '1',
        versionId: version!.id,
        allocatedCpus: image.allocatedCpus ?? 1,
        allocatedMem: image.allocatedMem ?? 1024,
        allocatedDisk: image.allocatedDisk ?? 1024,
        retries: image.retries ?? 0,
        retryDelaySeconds: image.retryDelaySeconds ?? 0,
        timeoutSeconds: image.timeoutSeconds ?? 60,
      });
      return `${identifier}:1`;
    },
    /** POST executions + PATCH execute; the execution's id */
    async run(
      workflowId: string,
      inputs: { node_id: string; items: { identifier: string; value: string }[] }[] = [],
      headers: Headers = app.adminHeader,
    ): Promise<string> {
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

/** Waits until the execution's row has one of `statuses`; `timeoutMs` only ends a stuck test. */
export function waitForStatus(app: TestApp, id: string, statuses: string[], timeoutMs = 20_000): Promise<typeof executions.$inferSelect> {
  return vi.waitFor(
    async () => {
      const [row] = await app.ctx.db
        .select()
        .from(executions)
        .where(eq(executions.id, Number(id)));
      if (row && statuses.includes(row.status)) return row;
      throw new Error(`execution ${id} still ${row?.status}, not ${statuses.join(' or ')}: ${JSON.stringify(row?.executionResults)}`);
    },
    { timeout: timeoutMs, interval: 50 },
  );
}

/**
 * Waits until `count` more sweeps of the orchestrator have ended and then for the execution's
 * advance in progress: whatever those sweeps would have moved has moved by then. A negative check
 * ('nothing moves afterwards') waits for this, never for a fixed time.
 */
export async function afterSweeps(app: TestApp, executionId: string, count = 3): Promise<void> {
  const { orchestrator } = app.engine;
  const target = orchestrator.sweepCount + count;
  await vi.waitFor(() => expect(orchestrator.sweepCount).toBeGreaterThanOrEqual(target), { timeout: 20_000, interval: 20 });
  await orchestrator.settled(Number(executionId));
}

export async function getExecution(app: TestApp, id: string, headers: Headers = app.adminHeader): Promise<ExecutionAttributes> {
  const response = await app.server.inject({ method: 'GET', url: `/builder/v1/executions/${id}`, headers });
  return response.json<{ data: { attributes: ExecutionAttributes } }>().data.attributes;
}

/** The engine's rows of an execution's tasks (pids, error, try numbers), in creation order. */
export async function taskRows(app: TestApp, executionId: string): Promise<(typeof executionTasks.$inferSelect)[]> {
  return app.ctx.db
    .select()
    .from(executionTasks)
    .where(eq(executionTasks.executionId, Number(executionId)))
    .orderBy(asc(executionTasks.id));
}

/** Waits until the task is in one of `states`; its row. `timeoutMs` only ends a stuck test. */
export function waitForTask(
  app: TestApp,
  executionId: string,
  taskId: string,
  states: string[],
  timeoutMs = 20_000,
): Promise<typeof executionTasks.$inferSelect> {
  return vi.waitFor(
    async () => {
      const row = (await taskRows(app, executionId)).find((task) => task.taskId === taskId);
      if (row && states.includes(row.state)) return row;
      throw new Error(`task ${taskId} of execution ${executionId} still ${row?.state ?? 'missing'}, not ${states.join(' or ')}`);
    },
    { timeout: timeoutMs, interval: 50 },
  );
}

/** The tasks of an execution as a user sees them on the Jobs page (GET /taskmgr/v1/tasks), by task id. */
export async function taskmgrTasks(app: TestApp, executionId: string, headers: Headers = app.adminHeader): Promise<Record<string, TaskAttributes>> {
  const response = await app.server.inject({ method: 'GET', url: `/taskmgr/v1/tasks?filter[executionId]=${executionId}&page[size]=100`, headers });
  if (response.statusCode !== 200) throw new Error(`taskmgr: ${response.statusCode} ${response.body}`);
  const { data } = response.json<{ data: { attributes: TaskAttributes }[] }>();
  return Object.fromEntries(data.map((task) => [task.attributes.taskId, task.attributes]));
}

/** GET .../tasks/{taskId}/log (?try=n): status and text. */
export async function taskLog(
  app: TestApp,
  executionId: string,
  taskId: string,
  tryNumber?: number,
  headers: Headers = app.adminHeader,
): Promise<{ statusCode: number; body: string }> {
  const query = tryNumber === undefined ? '' : `?try=${tryNumber}`;
  const response = await app.server.inject({
    method: 'GET',
    url: `/builder/v1/executions/${executionId}/tasks/${encodeURIComponent(taskId)}/log${query}`,
    headers,
  });
  return { statusCode: response.statusCode, body: response.body };
}
