import { eq } from 'drizzle-orm';
import type { ProcessResources, WorkspaceRole } from '@asb/contracts';
import { vi } from 'vitest';
import { processBuckets, processes, workspaces } from '../../src/db-schema.js';
import type { App } from '../../src/app.js';

type Admin = App & { adminHeader: Record<string, string> };

async function created(app: Admin, url: string, data: object): Promise<number> {
  const response = await app.server.inject({ method: 'POST', url, headers: app.adminHeader, payload: { data } });
  if (response.statusCode !== 201) throw new Error(`POST ${url}: ${response.statusCode} ${response.body}`);
  return Number(response.json<{ data: { id: string } }>().data.id);
}

/**
 * Processes and buckets for the procimp tests, made as the admin through the
 * knowledge API (POST processes, POST process-buckets); states the API cannot
 * produce (released, a build in progress) are written straight into the database.
 */
export async function seedProcess(app: Admin, values: { identifier: string; label?: string; workspaceIds?: number[]; isArchived?: boolean }): Promise<number> {
  const workspaces = { data: (values.workspaceIds ?? []).map((id) => ({ type: 'workspaces', id: String(id) })) };
  return created(app, '/knowledge/v1/processes', {
    type: 'processes',
    attributes: { label: values.label ?? values.identifier, slug: values.identifier },
    relationships: { workspaces },
  });
}

export async function archiveProcess(app: Admin, processId: number): Promise<void> {
  const response = await app.server.inject({ method: 'PATCH', url: `/knowledge/v1/processes/${processId}/archive`, headers: app.adminHeader });
  if (response.statusCode !== 200) throw new Error(`archive: ${response.statusCode} ${response.body}`);
}

/** The process's next unreleased version (values 1, 2, ... in creation order), optionally with chosen resources. */
export async function createBucket(app: Admin, processId: number, resources?: ProcessResources): Promise<number> {
  const id = await created(app, '/knowledge/v1/process-buckets', {
    type: 'process-buckets',
    attributes: {},
    relationships: { process: { data: { type: 'processes', id: String(processId) } } },
  });
  if (resources) {
    const response = await app.server.inject({
      method: 'PATCH',
      url: `/knowledge/v1/process-buckets/${id}`,
      headers: app.adminHeader,
      payload: { data: { type: 'process-buckets', id: String(id), attributes: { resources } } },
    });
    if (response.statusCode !== 200) throw new Error(`resources: ${response.statusCode} ${response.body}`);
  }
  return id;
}

/** A bucket in a state only procimp reaches (released, importing), written into the database. */
export async function insertBucket(app: App, processId: number, value: string, state: Partial<typeof processBuckets.$inferInsert>): Promise<number> {
  const [process] = await app.ctx.db.select().from(processes).where(eq(processes.id, processId));
  const [row] = await app.ctx.db
    .insert(processBuckets)
    .values({ identifier: `${process!.identifier}:${value}`, label: process!.label, ownerId: process!.ownerId, processId, value, ...state })
    .returning({ id: processBuckets.id });
  return row!.id;
}

export async function seedWorkspace(app: App, identifier: string): Promise<number> {
  const [row] = await app.ctx.db.insert(workspaces).values({ identifier, label: identifier, ownerId: 'admin' }).returning({ id: workspaces.id });
  return row!.id;
}

export async function grantRole(app: App, username: string, workspaceId: number, role: WorkspaceRole): Promise<void> {
  const user = await app.ctx.users.findByUsername(username);
  await app.ctx.users.addRole(user!.id, workspaceId, role);
}

export async function bucketRow(app: App, bucketId: number) {
  const [row] = await app.ctx.db.select().from(processBuckets).where(eq(processBuckets.id, bucketId));
  return row!;
}

/** Waits until the bucket's build status is one of `statuses` (builds run in the background); `timeoutMs` only ends a stuck test. */
export function waitForBuild(app: App, bucketId: number, statuses: string[] = ['succeeded', 'failed', 'released'], timeoutMs = 20_000) {
  return vi.waitFor(
    async () => {
      const row = await bucketRow(app, bucketId);
      if (!statuses.includes(row.buildStatus)) throw new Error(`bucket #${bucketId} still ${row.buildStatus}:\n${row.buildLog}`);
      return row;
    },
    { timeout: timeoutMs, interval: 50 },
  );
}

export interface UploadFile {
  name: string;
  content: string | Buffer;
}

/** A multipart body as browsers send it: `files` parts and an optional `path` field. */
export async function multipart(files: UploadFile[], fields: Record<string, string> = {}): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('files', new Blob([file.content]), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}
