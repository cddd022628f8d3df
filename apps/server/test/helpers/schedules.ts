import { asc, eq } from 'drizzle-orm';
import type { ScheduleAttributes, SchedulePayload, WorkflowGraph } from '@asb/contracts';
import { expect } from 'vitest';
import type { Clock } from '../../src/modules/schedules/scheduler.js';
import { executions, schedules } from '../../src/db-schema.js';
import { builderSeeds, type ErrorBody } from './builder.js';
import type { Headers, JsonApiObject } from './knowledge-api.js';
import type { TestApp } from './test-app.js';

export type ScheduleObject = JsonApiObject<ScheduleAttributes>;

/** A clock the test moves by hand: the scheduler never waits for real minutes. */
export class TestClock implements Clock {
  private current: Date;

  constructor(iso: string) {
    this.current = new Date(iso);
  }

  now(): Date {
    return new Date(this.current);
  }

  set(iso: string): void {
    this.current = new Date(iso);
  }

  advanceMinutes(minutes: number): void {
    this.current = new Date(this.current.getTime() + minutes * 60_000);
  }
}

/**
 * The workflow the schedule tests run: one node `scan` of the released process
 * `scan:1` with a STAC item (where on-new-data puts new items), a required label and a
 * threshold with a default.
 */
export const SCAN_GRAPH: WorkflowGraph = {
  nodes: [{ id: 'scan', kind: 'process', processVersion: 'scan:1', label: 'Scan', position: { x: 0, y: 0 }, inputs: {} }],
  edges: [],
};

export async function seedScanProcess(app: TestApp): Promise<void> {
  await builderSeeds(app).releasedVersion('scan', '1', {
    inputs: [
      { name: 'scene', dataType: 'stac-item', default: 'https://example.org/items/default' },
      { name: 'label', dataType: 'string' },
      { name: 'threshold', dataType: 'float', default: 0.5 },
    ],
    outputs: [{ name: 'report', dataType: 'json' }],
  });
}

/** The schedule inputs every test schedule gives (the label is required). */
export const SCAN_INPUTS = { tasks: [{ task_id: 'scan', inputs: { label: 'nightly' } }] };

/** The builder/v1 schedules calls, as the schedule form and the schedules list make them. */
export function schedulesApi(app: TestApp) {
  const base = '/builder/v1/schedules';
  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers = app.adminHeader, payload?: object) =>
    app.server.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const api = {
    base,
    send,
    create: (payload: Partial<SchedulePayload> | object, headers: Headers = app.adminHeader) => send('POST', base, headers, payload),
    /** creates and expects 201; the schedule object */
    async created(payload: Partial<SchedulePayload>, headers: Headers = app.adminHeader): Promise<ScheduleObject> {
      const response = await send('POST', base, headers, payload);
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ data: ScheduleObject }>().data;
    },
    /** the 400's errors as pointer → detail */
    async refused(payload: object, headers: Headers = app.adminHeader, method: 'POST' | 'PATCH' = 'POST', id?: string): Promise<Record<string, string>> {
      const response = await send(method, id ? `${base}/${id}` : base, headers, payload);
      expect(response.statusCode, response.body).toBe(400);
      return Object.fromEntries(response.json<ErrorBody>().errors.map((error) => [error.source?.pointer ?? '', error.detail]));
    },
    get: (id: string, headers: Headers = app.adminHeader) => send('GET', `${base}/${id}`, headers),
    async fetched(id: string, headers: Headers = app.adminHeader): Promise<ScheduleObject> {
      const response = await api.get(id, headers);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: ScheduleObject }>().data;
    },
    patch: (id: string, payload: object, headers: Headers = app.adminHeader) => send('PATCH', `${base}/${id}`, headers, payload),
    async patched(id: string, payload: object, headers: Headers = app.adminHeader): Promise<ScheduleObject> {
      const response = await api.patch(id, payload, headers);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: ScheduleObject }>().data;
    },
    share: (id: string, workspaceIds: string[], headers: Headers = app.adminHeader) =>
      send('PATCH', `${base}/${id}`, headers, {
        data: { type: 'schedules', id, relationships: { workspaces: { data: workspaceIds.map((w) => ({ type: 'workspaces', id: w })) } } },
      }),
    archive: (id: string, headers: Headers = app.adminHeader) => send('PATCH', `${base}/${id}/archive`, headers),
    unarchive: (id: string, headers: Headers = app.adminHeader) => send('PATCH', `${base}/${id}/unarchive`, headers),
    delete: (id: string, headers: Headers = app.adminHeader) => send('DELETE', `${base}/${id}`, headers),
    async list(query = '', headers: Headers = app.adminHeader): Promise<ScheduleObject[]> {
      const response = await send('GET', `${base}${query ? `?${query}` : ''}`, headers);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: ScheduleObject[] }>().data;
    },
    /** POST to the trigger URL (path only: inject needs no host), without authentication */
    trigger: (url: string, body?: object) => app.server.inject({ method: 'POST', url: new URL(url).pathname, ...(body ? { payload: body } : {}) }),
  };
  return api;
}

/** The executions a schedule started, oldest first, with the due time each ran for. */
export async function scheduledExecutions(app: TestApp, scheduleId: string) {
  return app.ctx.db
    .select({ id: executions.id, status: executions.status, scheduledFor: executions.scheduledFor, inputs: executions.inputs, ownerId: executions.ownerId })
    .from(executions)
    .where(eq(executions.scheduleId, Number(scheduleId)))
    .orderBy(asc(executions.id));
}

/** The stored schedule row (next_run_at, last_error, ... as the scheduler sees them). */
export async function scheduleRow(app: TestApp, scheduleId: string) {
  const [row] = await app.ctx.db
    .select()
    .from(schedules)
    .where(eq(schedules.id, Number(scheduleId)));
  return row!;
}

export const dueTimes = (rows: { scheduledFor: Date | null }[]) => rows.map((row) => row.scheduledFor?.toISOString() ?? null);
