import type { FastifyInstance } from 'fastify';
import { catalogueCollectionsContract, modelOperations as operations, publisherOf, type UsageRecord } from '@asb/contracts';
import type { AppContext } from '../../app-context.js';
import type { Principal } from '../../platform/auth/principal.js';
import { needs, onResource, type RouteAccess } from '../../platform/http/access.js';
import { mount } from '../../platform/http/operations.js';
import { ResourceService } from '../../platform/resources/resource.service.js';
import { seldonTasksResource } from '../builder/execution-tasks.resource.js';
import { latestModelExecutions } from './model-executions.repository.js';
import { executeModel, type ModelExecutionDeps } from './model-executions.js';
import type { DatasetOrders } from './dataset-orders.js';
import type { ModelServices } from './services/model-services.js';
import { maasProxy, streamBodies } from './services/maas-proxy.js';

const tags = ['models'];
const RUN_READ = needs("model run: signed in; a published model's run for anyone signed in, else its owner, staff and the workspace's members");

/** The models' calls (spec 3 §7 "Catalogue items and model services"; docs/models.md). */
export function registerModels(app: FastifyInstance, ctx: AppContext): void {
  mount(app, operations, 'GET /backend/v1/workspaces/{ws}/experiments/{exp}/runs/{run}', { access: RUN_READ, tags }, async (request) => {
    const { ws, exp, run } = request.params;
    return { run: await ctx.modelRuns.describe(request.principal, ws, exp, run) };
  });
}

// a model is an item of a catalogue collection: the collections' guard (the applications module's) decides
const COLLECTION_RESOURCE = catalogueCollectionsContract.type;

/** A base64 file of 20 MB is 27 MB of JSON, with the rest of the request. */
const EXECUTE_BODY_LIMIT = 28 * 1024 * 1024;
// the collection is checked before the body is read (404/403), the item and its terms by executeModel
const EXECUTE = onResource(COLLECTION_RESOURCE, 'view');

/** Running models (docs/models.md "Model executions"): the execute route, answering the seldon-task it made. */
export function registerModelExecutions(app: FastifyInstance, ctx: AppContext, deps: ModelExecutionDeps): void {
  const seldonTasks = new ResourceService(seldonTasksResource, ctx);
  mount(
    app,
    operations,
    'POST /backend/v1/catalogue-collections/{id}/execute_model',
    { access: EXECUTE, tags, bodyLimit: EXECUTE_BODY_LIMIT },
    async (request, reply) => {
      const principal = request.principal;
      const { id } = await executeModel(ctx, deps, principal, request.params.id, request.body);
      reply.status(201);
      return seldonTasks.get(principal, String(id));
    },
  );
}

const SERVICE = onResource(COLLECTION_RESOURCE, 'view', 'c');
const OWN = needs("the caller's own model services and executions");
const PROXY = needs('a model service: its owner and staff');
/** A GET (metadata, health) may come from the usage page's link opened in a new tab: the same-origin token cookie counts too. */
const PROXY_READ: RouteAccess<'user'> = { ...PROXY, streamToken: true };
const ANY_SERVICE = needs('any user’s model service', 'staff');

/**
 * Models as services (docs/models.md "Models as services"): start, stop and status of the caller's
 * service of a model, its usage, the proxy to the running service's Open Inference Protocol
 * server (`/backend/catalogue/stac/maas/{id}/v2/...`) wherever it runs, staff's list and stop of
 * anyone's; the caller's model executions as usage records.
 */
export function registerModelServices(app: FastifyInstance, ctx: AppContext, services: ModelServices): void {
  const stac = '/backend/catalogue/stac';
  mount(app, operations, `GET ${stac}/collections/{c}/models/{m}/status`, { access: SERVICE, tags }, (request) =>
    services.status(request.principal, request.params.c, request.params.m),
  );
  mount(app, operations, `GET ${stac}/collections/{c}/models/{m}/start`, { access: SERVICE, tags }, (request) =>
    services.start(request.principal, request.params.c, request.params.m),
  );
  mount(app, operations, `GET ${stac}/collections/{c}/models/{m}/stop`, { access: SERVICE, tags }, (request) =>
    services.stop(request.principal, request.params.c, request.params.m),
  );
  mount(app, operations, `GET ${stac}/models/started`, { access: OWN, tags }, async (request) => ({
    data: await services.started(request.principal),
  }));
  mount(app, operations, `GET ${stac}/maas/usage`, { access: OWN, tags }, async (request) => ({ maas: await services.usage(request.principal) }));
  mount(app, operations, `GET ${stac}/maas/services`, { access: ANY_SERVICE, tags }, async () => ({ maas: await services.running() }));
  mount(app, operations, `POST ${stac}/maas/{id}/stop`, { access: ANY_SERVICE, tags }, (request) => services.stopAny(request.params.id));
  mount(app, operations, `GET ${stac}/models/usage`, { access: OWN, tags }, async (request) => ({
    data: await modelExecutionUsage(ctx, request.principal),
  }));

  void app.register(async (scope) => {
    streamBodies(scope);
    const forward = maasProxy(services);
    mount(scope, operations, `GET ${stac}/maas/{id}/v2/{*}`, { access: PROXY_READ, tags }, forward);
    mount(scope, operations, `POST ${stac}/maas/{id}/v2/{*}`, { access: PROXY, tags }, forward);
  });
}

/** Spec 3 §3 Usage records of the caller's model executions, newest first. */
async function modelExecutionUsage(ctx: AppContext, principal: Principal): Promise<UsageRecord[]> {
  const rows = await latestModelExecutions(ctx.db, principal.username, 500);
  return rows.flatMap((row) => {
    const model = row.model;
    if (!model) return [];
    return [
      {
        title: model.title,
        catalogue_item_version: model.version || 'not specified',
        owner_id: publisherOf(model.collection),
        resource_license: model.license ?? null,
        datetime_start: (row.startTime ?? row.createdAt).toISOString(),
        datetime_end: row.endTime?.toISOString() ?? null,
        catalogue_collection_id: model.collection,
        catalogue_item_id: model.identifier,
        external_reference: String(row.id),
        status: row.status,
      },
    ];
  });
}

const ORDER_FILES = needs("a dataset order's files: its owner and staff");

/** Training dataset orders (docs/models.md "Training datasets"). */
export function registerDatasetOrders(app: FastifyInstance, orders: DatasetOrders): void {
  const stac = '/backend/catalogue/stac';
  mount(app, operations, `GET ${stac}/collections/{c}/datasets/{d}/order`, { access: SERVICE, tags }, async (request) => ({
    data: await orders.order(request.principal, request.params.c, request.params.d),
  }));
  mount(app, operations, `GET ${stac}/collections/{c}/datasets/{d}/orders`, { access: SERVICE, tags }, async (request) => ({
    data: await orders.list(request.principal, request.params.c, request.params.d),
  }));
  mount(app, operations, `GET ${stac}/datasets/usage`, { access: OWN, tags }, async (request) => ({
    data: await orders.usage(request.principal),
  }));
  mount(app, operations, `GET ${stac}/orders/{id}/files/{*}`, { access: ORDER_FILES, tags }, (request, reply) =>
    orders.sendFile(reply, request.principal, request.params.id, request.params['*'], request.headers.range),
  );
}
