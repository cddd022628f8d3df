import { z } from 'zod';
import {
  createDashboardComponentSchema,
  createDashboardSchema,
  dashboardAttributesSchema,
  dashboardComponentSchema,
  EXECUTION_STATISTICS_MAX_DAYS,
  executionStatisticsSchema,
  updateDashboardComponentSchema,
  updateDashboardSchema,
} from '../dashboards.js';
import { listDocumentSchema } from '../jsonapi.js';
import { defineOperations, idParams, noContent } from './operation.js';
import { resourceAttributesSchema, resourceContract, resourceDocumentOf } from './resource-operations.js';

/** Dashboards (spec 2 §2, §3, §7 Dashboards; docs/dashboards.md): the generic list, get, create, change, archive and delete. */
export const dashboardsContract = resourceContract('/knowledge/v1', 'dashboards', 'dashboard', {
  attributes: dashboardAttributesSchema,
  create: createDashboardSchema,
  update: updateDashboardSchema,
});

const dashboardDocument = resourceDocumentOf(dashboardsContract);
const ref = z.object({ type: z.string(), id: z.string() });
const componentObject = z.object({
  type: z.literal('dashboard-components'),
  id: z.string(),
  attributes: dashboardComponentSchema.omit({ id: true }),
  relationships: z.object({ dashboard: z.object({ data: ref }) }),
});
const componentDocument = z.object({ data: componentObject });

/**
 * A dashboard's components, each written on its own (spec 2 §7: POST, PATCH, DELETE with x, y,
 * w, h, name, json_properties, dashboard), and the dashboards anyone may read signed out.
 */
export const dashboardOperations = defineOperations({
  'GET /knowledge/v1/public-dashboards': {
    summary: 'List the public dashboards (no sign-in needed)',
    query: z.object({ 'page[number]': z.coerce.number().int().positive().optional(), 'page[size]': z.coerce.number().int().positive().max(100).optional() }),
    response: listDocumentSchema(resourceAttributesSchema(dashboardAttributesSchema)),
  },
  'GET /knowledge/v1/public-dashboards/{id}': { summary: 'A public dashboard (no sign-in needed)', params: idParams, response: dashboardDocument },
  'POST /knowledge/v1/dashboard-components': {
    summary: 'Add a component to a dashboard',
    body: z.object({
      data: z.object({
        type: z.literal('dashboard-components').optional(),
        attributes: createDashboardComponentSchema,
        relationships: z.object({ dashboard: z.object({ data: ref }) }),
      }),
    }),
    status: 201,
    response: componentDocument,
  },
  'PATCH /knowledge/v1/dashboard-components/{id}': {
    summary: 'Move, resize or configure a dashboard component',
    params: idParams,
    // checked by the route once the caller may change the dashboard (a stranger learns nothing from a 400)
    body: z.unknown(),
    documents: z.object({
      data: z.object({ type: z.literal('dashboard-components').optional(), id: z.string().optional(), attributes: updateDashboardComponentSchema }),
    }),
    response: componentDocument,
  },
  'DELETE /knowledge/v1/dashboard-components/{id}': { summary: 'Remove a component from its dashboard', params: idParams, status: 204, response: noContent },
  'GET /builder/v1/execution-statistics': {
    summary: 'Executions the caller may see, by day and status, with their mean duration (the dashboards’ executions chart)',
    query: z.object({ days: z.coerce.number().int().min(1).max(EXECUTION_STATISTICS_MAX_DAYS).default(14) }),
    response: z.object({ data: executionStatisticsSchema }),
  },
});
