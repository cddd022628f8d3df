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
  'GET /api/openapi.json': { summary: 'This document (OpenAPI 3)', response: openApiDocumentSchema },
  'GET /backend/live/{channel}/': {
    summary:
      'Server-sent events: {username} the events meant for that user, _all_executions every executionUpdate (superusers), _marketplace the events meant for everyone',
    params: z.object({ channel: z.string() }),
    query: z.object({ token: z.string().optional().describe('a bearer token, for clients that cannot send the header (EventSource)') }),
    response: { file: 'text/event-stream' },
  },
});
