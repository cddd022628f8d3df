import { scheduleOperations as operations } from '@asb/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { registerResourceRoutes } from '../../platform/resources/resource.routes.js';
import { publicBaseUrl } from '../../platform/http/public-url.js';
import { completeScheduleDocuments } from './schedule-documents.js';
import type { ScheduleFiring } from './schedule-firing.js';
import { triggerSchedule } from './schedule-trigger.js';
import { schedulesResource } from './schedules.resource.js';
import { PUBLIC } from '../../platform/http/access.js';
import { mount } from '../../platform/http/operations.js';
import { requireFeature } from '../../platform/http/theme-features.js';

const base = '/builder/v1/schedules';

/**
 * POST and PATCH take the spec payload as it is (`{processor_id, title, ...}`) or as
 * JSON:API (`{data: {attributes}}`, with or without type): both reach the generic routes
 * as JSON:API. A PATCH with `data.relationships.workspaces` shares, like every resource.
 */
function asJsonApi(body: unknown, id: string | undefined): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const data = (body as { data?: unknown }).data;
  if (data === undefined) return { data: { type: schedulesResource.type, ...(id ? { id } : {}), attributes: body } };
  if (data && typeof data === 'object' && !('type' in data)) return { data: { type: schedulesResource.type, ...data } };
  return body;
}

const routeOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? ''}`;
const idOf = (request: FastifyRequest) => (request.params as { id?: string }).id;

/**
 * builder/v1 schedules (docs/schedules.md "API"): the generic routes of the schedules
 * resource (which also disable a schedule they archive: schedules.resource.ts), in a scope whose
 * hooks accept the spec payload and complete every answer (schedule-documents.ts); and the
 * trigger URL, outside it, with no authentication but its token.
 */
export function registerScheduleRoutes(app: FastifyInstance, ctx: AppContext, firing: ScheduleFiring): void {
  void app.register(async (scope) => {
    scope.addHook('preValidation', async (request) => {
      const route = routeOf(request);
      if (route === `POST ${base}` || route === `PATCH ${base}/:id`) {
        // the page offers no schedule form without the feature; reading, archiving and deleting stay
        requireFeature(ctx.config, 'navbar-schedules', 'Scheduling');
        request.body = asJsonApi(request.body, idOf(request));
      }
    });
    scope.addHook('preSerialization', async (request, _reply, payload) => {
      await completeScheduleDocuments(ctx, request.principal, publicBaseUrl(ctx.config, request), payload);
      return payload;
    });
    registerResourceRoutes(scope, ctx, schedulesResource);
  });

  mount(
    app,
    operations,
    'POST /builder/v1/schedules/{id}/trigger/{token}',
    // no user: the trigger URL's token is the credential (schedule-trigger.ts)
    { access: PUBLIC, tags: ['builder'], logLevel: 'warn' },
    async (request, reply) => {
      const execution = await triggerSchedule(ctx, firing, request.params.id, request.params.token, request.body);
      reply.status(201);
      return { data: { type: 'executions' as const, id: execution.id, attributes: { identifier: execution.identifier, status: 'pending' as const } } };
    },
  );
}
