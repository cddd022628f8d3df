import { z } from 'zod';
import { instanceDetailsSchema, serviceDetailsSchema } from '../instance.js';
import { defineOperations } from './operation.js';

/** The services that answer their own details besides knowledge (spec 1 §3). */
export const DETAILS_SERVICES = ['usermgr', 'builder', 'backend', 'taskmgr', 'resmgr'] as const;

/** An OpenAPI 3 document, its top-level fields (the rest is the OpenAPI specification's to define). */
const openApiDocumentSchema = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string(), description: z.string().optional() }),
  jsonSchemaDialect: z.string().optional(),
  servers: z.array(z.unknown()).optional(),
  paths: z.record(z.string(), z.unknown()),
  webhooks: z.unknown().optional(),
  components: z.unknown().optional(),
  security: z.array(z.unknown()).optional(),
  tags: z.array(z.unknown()).optional(),
  externalDocs: z.unknown().optional(),
});

/** The server's own state: the event loop's delay shows a request that stalls everyone (docs/security.md, "Request limits"). */
export const healthSchema = z.object({
  status: z.literal('ok'),
  event_loop_delay: z.object({
    max_ms: z.number(),
    mean_ms: z.number(),
    p99_ms: z.number(),
    since: z.string().describe('when the measurement was last reset'),
  }),
  process: z
    .object({ pid: z.number().int(), designated: z.boolean() })
    .optional()
    .describe('staff only: the HTTP process that answered, and whether it runs the machine\'s once-only work (docs/operations.md "All cores")'),
});
export type Health = z.infer<typeof healthSchema>;

const serviceDetails = { summary: "The service's name, version and build time", response: serviceDetailsSchema };

/**
 * The instance: its details (spec 1 §3), its API document, and the server-sent events of
 * spec 3 §7 Live updates.
 */
export const instanceOperations = defineOperations({
  'GET /knowledge/api/details': { summary: 'The instance: name, version, theme and its features, identity provider', response: instanceDetailsSchema },
  'GET /usermgr/api/details': serviceDetails,
  'GET /builder/api/details': serviceDetails,
  'GET /backend/api/details': serviceDetails,
  'GET /taskmgr/api/details': serviceDetails,
  'GET /resmgr/api/details': serviceDetails,
  'GET /api/health': { summary: "The server's health: the event loop's delay since it was last reset", response: healthSchema },
  'GET /api/openapi.json': { summary: 'This document (OpenAPI 3)', response: openApiDocumentSchema },
  'GET /backend/live/{channel}/': {
    summary:
      'Server-sent events: {username} the events meant for that user, _all_executions every executionUpdate (superusers), _marketplace the events meant for everyone',
    params: z.object({ channel: z.string() }),
    query: z.object({ token: z.string().optional().describe('a bearer token, for clients that cannot send the header (EventSource)') }),
    response: { file: 'text/event-stream' },
  },
});
