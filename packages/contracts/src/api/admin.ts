import { z } from 'zod';
import { listQuerySchema, paginationSchema } from '../jsonapi.js';
import { defineOperations, noContent } from './operation.js';

/** The services of spec 2 "Database & Airflow", each an embedded admin (docs/admin.md). */
export const ADMIN_SERVICES = ['builder', 'knowledge', 'resmgr', 'taskmgr', 'usermgr', 'backend', 'wengine'] as const;
export type AdminService = (typeof ADMIN_SERVICES)[number];

/** One resource type an admin administers (generated from the resource definitions). */
export const adminModelSchema = z.object({ service: z.string(), type: z.string(), name: z.string(), shareable: z.boolean() });
export type AdminModel = z.infer<typeof adminModelSchema>;

/** One entry of the audit log: who changed or deleted what, and the attributes they sent (an admin update) or the status (any other write). */
export const adminAuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.string(),
  action: z.enum(['update', 'delete', 'stop-attempt', 'requeue-task', 'write']),
  service: z.string(),
  type: z.string(),
  resourceId: z.string(),
  identifier: z.string(),
  changes: z.record(z.string(), z.unknown()),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

const attempt = z.object({
  taskRowId: z.string(),
  executionId: z.string(),
  executionIdentifier: z.string(),
  taskId: z.string(),
  state: z.string(),
  tryNumber: z.number(),
  worker: z.string().nullable(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  ageSeconds: z.number().nullable(),
  error: z.string().nullable(),
});
export type EngineAttempt = z.infer<typeof attempt>;

/** /wengine/admin: the engine as staff see it (docs/admin.md "Engine"). */
export const engineSnapshotSchema = z.object({
  executor: z.object({ name: z.string(), slots: z.number().nullable(), freeSlots: z.number().nullable() }),
  workers: z.array(z.object({ label: z.string(), running: z.number() })),
  queue: z.object({ queued: z.number(), waitingForRetry: z.number(), activeExecutions: z.number() }),
  running: z.array(attempt),
  failed: z.array(attempt),
});
export type EngineSnapshot = z.infer<typeof engineSnapshotSchema>;

const typeParams = z.object({ type: z.string() });
const typeIdParams = z.object({ type: z.string(), id: z.string() });
const anyDocument = z.object({ data: z.unknown() });
const redirect = { status: 302 as const, response: { redirect: true as const } };

/** The embedded admin (spec 2 §2 "Database & Airflow", spec 3 §2 "Database admin page"): staff only. */
export const adminOperations = defineOperations({
  'GET /admin/v1/models': { summary: 'The resource types the admin administers, by service', response: z.object({ data: z.array(adminModelSchema) }) },
  'GET /admin/v1/resources/{type}': {
    summary: 'Every resource of a type (search, filters, sorting, pages)',
    params: typeParams,
    query: listQuerySchema,
    response: z.object({ data: z.array(z.unknown()), meta: z.object({ pagination: paginationSchema }) }),
  },
  'GET /admin/v1/resources/{type}/{id}': { summary: 'One resource', params: typeIdParams, response: anyDocument },
  'PATCH /admin/v1/resources/{type}/{id}': {
    summary: 'Change a resource with the type’s own validation (audited)',
    params: typeIdParams,
    body: z.unknown(),
    response: anyDocument,
  },
  'DELETE /admin/v1/resources/{type}/{id}': { summary: 'Delete a resource (audited)', params: typeIdParams, status: 204, response: noContent },
  'GET /admin/v1/audit': {
    summary: 'The admin’s audit log, newest first',
    query: z.object({ 'page[number]': z.coerce.number().int().positive().optional(), 'filter[service]': z.string().optional() }),
    response: z.object({ data: z.array(adminAuditEntrySchema), meta: z.object({ pagination: paginationSchema }) }),
  },
  'GET /admin/v1/engine': { summary: 'The engine: executor, workers, queue, running and failed attempts', response: z.object({ data: engineSnapshotSchema }) },
  'POST /admin/v1/engine/tasks/{id}/stop': {
    summary: 'End a task’s running attempt: the task fails (audited)',
    params: z.object({ id: z.string() }),
    response: z.object({ data: attempt }),
  },
  'POST /admin/v1/engine/tasks/{id}/requeue': {
    summary: 'Put a queued, running or waiting task back in the queue to run again now (audited)',
    params: z.object({ id: z.string() }),
    response: z.object({ data: attempt }),
  },
  'GET /builder/admin': { summary: 'The Service Builder admin (a page of the portal)', ...redirect },
  'GET /knowledge/admin': { summary: 'The Knowledge Base admin (a page of the portal)', ...redirect },
  'GET /resmgr/admin': { summary: 'The Resource Manager admin (a page of the portal)', ...redirect },
  'GET /taskmgr/admin': { summary: 'The Task Manager admin (a page of the portal)', ...redirect },
  'GET /usermgr/admin': { summary: 'The User Manager admin (a page of the portal)', ...redirect },
  'GET /usermgr/admin/auth/user/': {
    summary: 'The User Manager admin on the users matching q (the edit-user page’s advanced administration link)',
    query: z.object({ q: z.string().optional() }),
    ...redirect,
  },
  'GET /backend/admin': { summary: 'The Backend admin (a page of the portal)', ...redirect },
  'GET /wengine/admin': { summary: 'The engine admin (a page of the portal)', ...redirect },
});
