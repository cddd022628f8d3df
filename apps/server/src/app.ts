import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import { isDesignatedProcess, runsEngine, type AppConfig } from './config.js';
import { registerAuthentication } from './platform/auth/authenticate.js';
import { TokenService } from './platform/auth/tokens.js';
import type { AppContext } from './app-context.js';
import { openDatabase, type Database } from './platform/db/client.js';
import { contractJsonSchemaTransform, contractSerializerCompiler } from './platform/http/contract-serializer.js';
import { registerErrorHandler } from './platform/http/error-handler.js';
import type { EventBus } from './platform/live/event-bus.js';
import { registerLiveRoutes } from './platform/live/live.routes.js';
import { announceMarketplaceChange } from './platform/live/marketplace-events.js';
import { liveEventBus } from './platform/live/live-event-bus.js';
import { redactToken } from './platform/live/stream-auth.js';
import { registerResourceRoutes } from './platform/resources/resource.routes.js';
import { registerHealthRoutes } from './platform/health.routes.js';
import { registerMetrics } from './modules/metrics/metrics.routes.js';
import { registerThumbnailRoutes } from './modules/thumbnails/thumbnails.routes.js';
import { registerJsonBodyParsers } from './platform/documents/json-body-parser.js';
import { signingSecret } from './platform/auth/signing-secret.js';
import { dataTypesResource } from './modules/knowledge/data-types.resource.js';
import { registerDetailsRoutes } from './modules/knowledge/details.routes.js';
import { registerMepProducts } from './modules/knowledge/mep-products.routes.js';
import { processBucketsResource } from './modules/knowledge/process-buckets.resource.js';
import { processVersionsResource } from './modules/knowledge/process-versions.resource.js';
import { processesResource } from './modules/knowledge/processes.resource.js';
import { seedCatalogues } from './modules/knowledge/seed.js';
import { softwareDependenciesResource } from './modules/knowledge/software-dependencies.resource.js';
import { Keystore } from './modules/keystore/keystore.service.js';
import { registerKeystoreRoutes } from './modules/keystore/keystore.routes.js';
import { registerBuilder } from './modules/builder/builder.module.js';
import { registerSchedules } from './modules/schedules/schedules.module.js';
import { registerTaskmgr } from './modules/builder/taskmgr.module.js';
import { registerApplicationExecutionRoutes } from './modules/applications/application-executions.routes.js';
import { registerTermsRoutes } from './modules/terms/terms.routes.js';
import { ExecutionsRepository } from './modules/builder/executions.repository.js';
import { OgcRuntime } from './engine/runtime/ogc-runtime.js';
import { registerWorkflows } from './modules/knowledge/workflows.module.js';
import { registerProcimp } from './modules/procimp/procimp.module.js';
import { BucketStorage } from './modules/procimp/storage/bucket-storage.js';
import { seedDemo, seedDemoCatalogue } from './modules/demo/demo-seed.js';
import { catalogueProductStager, registerCatalogueAssets } from './modules/catalogue/catalogue-assets.module.js';
import { DatastorePaths } from './engine/store/datastore-paths.js';
import { registerEngine, type Engine } from './engine/engine.module.js';
import { enginePorts } from './engine-ports.js';
import { registerTiles } from './modules/tiles/tiles.module.js';
import { registerOgcapi } from './modules/ogcapi/ogcapi.routes.js';
import { workspacesResource } from './modules/knowledge/workspaces.resource.js';
import { processImagesResource } from './modules/knowledge/process-images.resource.js';
import { registerSpaRoutes } from './modules/spa/spa.routes.js';
import { registerDocsRoutes } from './modules/docs/docs.routes.js';
import { registerLogoutRoutes } from './modules/usermgr/logout.routes.js';
import { registerOidcRoutes } from './modules/usermgr/oidc.routes.js';
import { registerUsermgrRoutes } from './modules/usermgr/usermgr.routes.js';
import { UsersRepository } from './modules/usermgr/users.repository.js';
import type { UsersService } from './modules/usermgr/users.service.js';
import { instanceOperations, MODEL_RUN_PROPERTY } from '@asb/contracts';
import { PUBLIC, requireDeclaredAccess } from './platform/http/access.js';
import { mount } from './platform/http/operations.js';
import { securityHeaders } from './platform/http/security-headers.js';
import { gzipDocument } from './platform/http/gzip-document.js';
import { OutboundFetch } from './platform/outbound/outbound-fetch.js';
import { sealLegacyInputs } from './modules/schedules/seal-legacy-inputs.js';
import { AuthorizedCatalogue } from './modules/catalogue/authorized-catalogue.js';
import { CatalogueRepository } from './modules/catalogue/catalogue.repository.js';
import { registerCatalogue } from './modules/catalogue/catalogue.module.js';
import { registerCatalogueForClients } from './modules/catalogue/catalogue-clients.module.js';
import { registerCatalogueIngest } from './modules/catalogue/ingest.routes.js';
import { remoteSources } from './modules/catalogue/remote-stac.js';
import { registerProductCollections } from './modules/catalogue/remote.routes.js';
import { AdesRegistry } from './modules/ades/ades-registry.js';
import { registerAdesRoutes } from './modules/ades/ades.routes.js';
import { CatalogueApplications } from './modules/applications/application-store.js';
import { registerApplications } from './modules/applications/applications.module.js';
import { registerMarketplace } from './modules/marketplace/marketplace.routes.js';
import { registerExtensionSchemas } from './modules/catalogue/extension-schemas.routes.js';
import { ModelRuns } from './modules/models/model-runs.js';
import { openModelServices } from './modules/models/services/model-services.module.js';
import { DatasetOrders } from './modules/models/dataset-orders.js';
import { collectionRequestsResource } from './modules/knowledge/collection-requests.resource.js';
import { SecretBox } from './modules/secrets/secret-box.js';
import { UserSecrets } from './modules/secrets/user-secrets.js';
import { registerAdmin } from './modules/admin/admin.routes.js';
import { registerStaffWritesAudit } from './modules/admin/staff-writes-audit.js';
import { registerDashboards } from './modules/dashboards/dashboards.routes.js';
import { seedHomeDashboard } from './modules/dashboards/home-dashboard.js';
import { secretsResource } from './modules/secrets/secrets.resource.js';
import { registerDatasetOrders, registerModelExecutions, registerModelServices, registerModels } from './modules/models/models.routes.js';
import { modelServeScript } from './modules/models/onnx-inference.js';
import { openSandbox } from './engine/sandbox/open-sandbox.js';
import { executeApplication } from './modules/applications/application-executions.js';
import { SandboxedCwlValidator } from './modules/applications/cwl-validate.js';

export interface App {
  server: FastifyInstance;
  ctx: AppContext;
  users: UsersService;
  database: Database;
  /** the orchestrator: tests wait on it, operators never need it */
  engine: Engine;
  /** the data directory's files (procimp buckets and objects, the engine's datastore) */
  storage: BucketStorage;
  close(): Promise<void>;
}

export interface BuildOptions {
  /** an already open database (tests share one per file) */
  database?: Database;
  bus?: EventBus;
  logger?: boolean;
  /** who opens the embedded database, as another process's refusal names it ('asb reset-password'); the portal by default */
  holder?: string;
}

/** Builds the whole server: every service API, live events and the SPA, on one Fastify instance. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<App> {
  const database = options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, holder: options.holder }));
  await seedCatalogues(database.db);
  await seedHomeDashboard(database.db);
  const server = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: {
              req: (request: { method: string; url: string; ip?: string }) => ({
                method: request.method,
                url: redactToken(request.url),
                remoteAddress: request.ip,
              }),
            },
          },
    // Open SSE streams and WebSockets must not block shutdown.
    forceCloseConnections: true,
    // onReady seeds the demo catalogue at the first start (scenes, then training the demo model:
    // several seconds on a busy machine, docs/seed-data.md); Fastify's default allows 10 s
    pluginTimeout: 120_000,
    // X-Forwarded-* only from the proxies the operator names: anyone else could claim any host or address
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    bodyLimit: 25 * 1024 * 1024,
  });
  // JSON:API clients send application/vnd.api+json: the same JSON; any JSON body is refused past MAX_DEPTH
  registerJsonBodyParsers(server);
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(contractSerializerCompiler(config.strictContract, server.log));
  await server.register(fastifySwagger, {
    openapi: {
      info: { title: 'ASB platform API', version: config.version },
      // every operation says who may call it: x-access (platform/http/access.ts), and bearerAuth unless public
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'POST /usermgr/v1/token/ answers {token}' } } },
    },
    transform: contractJsonSchemaTransform,
    // schemas with a .meta({id}) become components/schemas, named types for client generators
    transformObject: jsonSchemaTransformObject,
  });
  await server.register(fastifyHelmet, securityHeaders(config));
  await server.register(fastifyCookie);
  await server.register(fastifyMultipart, { limits: { fileSize: 20 * 1024 * 1024 } });
  await server.register(fastifyWebsocket);

  // documents read outside a request (the engine's readItem) link to the configured public URL
  const catalogueBase = (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
  const catalogueStorage = new CatalogueRepository(database.db);
  const catalogue = new AuthorizedCatalogue(catalogueStorage, { base: catalogueBase, root: `${catalogueBase}/resource-catalogue/stac` });
  const keystore = new Keystore(database.db);
  const outbound = new OutboundFetch(config.outboundAllow, server.log);
  // the ADES registry reads the keystore (sealed tokens) and fetches through the outbound guard
  const ades = new AdesRegistry({ db: database.db, keystore, outbound });
  const applications = new CatalogueApplications(catalogueStorage, database.db, new SandboxedCwlValidator(config.sandbox), () =>
    announceMarketplaceChange(ctx.bus, 'application'),
  );
  const ctx: AppContext = {
    config,
    db: database.db,
    dbKind: database.kind,
    tokens: new TokenService(await signingSecret(database.db, config.secretKey)),
    users: new UsersRepository(database.db),
    bus: options.bus ?? liveEventBus(config, server.log),
    keystore,
    secrets: new UserSecrets(database.db, new SecretBox(config)),
    catalogue,
    outbound,
    ades,
    applications,
    modelRuns: new ModelRuns(database.db, outbound, {
      trackingUri: config.mlflowTrackingUri,
      namedByReadableItem: (principal, run) => catalogue.readableItemWith(principal, { [MODEL_RUN_PROPERTY]: run }),
      log: server.log,
    }),
    log: server.log,
  };

  registerErrorHandler(server);
  registerAuthentication(server, ctx);
  // before any route: staff writes anywhere are audited (docs/admin.md "Audit log")
  registerStaffWritesAudit(server, ctx);
  // from here on, a route that does not declare who may call it stops the server
  requireDeclaredAccess(server, ctx);
  // before the other routes, so that every answer is counted (docs/operations.md "Metrics")
  registerMetrics(server, ctx, { pool: database.pool });
  registerDetailsRoutes(server, ctx);
  const users = registerUsermgrRoutes(server, ctx);
  registerLogoutRoutes(server);
  registerOidcRoutes(server, ctx);
  registerResourceRoutes(server, ctx, workspacesResource);
  registerResourceRoutes(server, ctx, processesResource);
  registerResourceRoutes(server, ctx, processBucketsResource);
  registerResourceRoutes(server, ctx, processVersionsResource);
  registerResourceRoutes(server, ctx, dataTypesResource);
  registerResourceRoutes(server, ctx, softwareDependenciesResource);
  registerResourceRoutes(server, ctx, collectionRequestsResource);
  registerResourceRoutes(server, ctx, secretsResource(ctx.secrets.box));
  registerDashboards(server, ctx);
  registerResourceRoutes(server, ctx, processImagesResource);
  registerWorkflows(server, ctx);
  registerSchedules(server, ctx);
  registerTaskmgr(server, ctx);
  registerApplicationExecutionRoutes(server, ctx);
  registerTermsRoutes(server, ctx);
  registerKeystoreRoutes(server, ctx.keystore);
  registerCatalogueForClients(server, ctx);
  // remote STAC APIs (ASB_STAC_REMOTES) are product sources searched before the local catalogue
  const stacRemotes = remoteSources(config.stacRemotes, ctx.outbound);
  const productFinder = registerCatalogue(server, ctx, catalogue, stacRemotes);
  registerMepProducts(server, productFinder);
  registerProductCollections(server, ctx, catalogue, stacRemotes);
  registerCatalogueIngest(server, ctx);
  registerExtensionSchemas(server, ctx);
  registerAdesRoutes(server, ades);
  registerApplications(server, ctx, applications);
  registerMarketplace(server, ctx, catalogueStorage);
  registerModels(server, ctx);
  registerLiveRoutes(server, ctx);
  const storage = await BucketStorage.open(config.dataDir);
  // the once-only work of a machine's HTTP processes is the designated one's (docs/operations.md "All cores")
  const designated = isDesignatedProcess(config);
  const demoSeeded = designated && (await seedDemo(ctx, storage));
  const sealed = designated ? await sealLegacyInputs(ctx) : 0;
  if (sealed > 0) server.log.info({ rows: sealed }, 'keystore: password inputs stored as ciphertext are now sealed for their execution or schedule');
  await registerProcimp(server, ctx, storage);
  const paths = new DatastorePaths(storage.root);
  // EO-product inputs are staged from the catalogue before their task runs (docs/engine.md "Staging products"); its
  // documents name local assets by URLs of catalogueBase
  const stager = catalogueProductStager(ctx, catalogue, paths, [new URL(catalogueBase).origin]);
  // applications on an ADES run through the OGC API – Processes client; the remote job's URL is kept on the execution
  const executionsRepository = new ExecutionsRepository(ctx.db);
  const ogcRuntime = new OgcRuntime({
    directory: ades,
    outbound: ctx.outbound,
    pollMs: config.adesPollMs,
    onRemoteJob: (job, url) => executionsRepository.setRemoteJob(job.executionId, url),
    previousRemoteJob: (job) => executionsRepository.remoteJob(job.executionId),
  });
  const engine = await registerEngine(server, ctx, enginePorts(ctx), storage, { stager, resolver: stager.resolver, ogcRuntime });
  const catalogueAssets = registerCatalogueAssets(server, catalogue, paths);
  // the comparison of two executions reads their rasters' statistics through the tile service (docs/compare.md)
  const tiles = registerTiles(server, ctx, engine, catalogueAssets);
  registerBuilder(server, ctx, engine, tiles);
  registerAdmin(server, ctx, engine);
  // the portal as an OGC API – Processes server (docs/ogcapi.md): workflows and the store's applications
  // /ogcapi/ runs applications as the execute route does (executeApplication): so this portal is an ADES of another
  registerOgcapi(server, ctx, engine, {
    listRunnable: (principal) => applications.listRunnable(principal),
    runnable: (principal, collection, identifier) => applications.runnable(principal, collection, identifier),
    register: (principal, collection, cwl, options) => applications.register(principal, collection, cwl, options),
    remove: (principal, collection, identifier) => applications.remove(principal, collection, identifier),
    cwlText: (principal, collection, identifier) => applications.cwlText(principal, collection, identifier),
    ensureOwnCollection: (principal, slug, title) => applications.ensureOwnCollection(principal, slug, title),
    execute: (principal, collection, request) => executeApplication(ctx, principal, collection, request),
  });
  const modelDeps = { paths, assets: catalogueAssets, origins: [new URL(catalogueBase).origin] };
  registerModelExecutions(server, ctx, modelDeps);
  // models as services run in the task sandbox: the local executor's, else one opened for them at the first start
  let serviceSandbox = engine.sandbox;
  const modelServices = await openModelServices(server, ctx, {
    ...modelDeps,
    root: path.join(storage.root, 'services'),
    script: modelServeScript(),
    sandbox: () => (serviceSandbox ??= openSandbox(config.sandbox, config.pythonCommand, server.log, paths.disksDir)),
    isNode: runsEngine(config),
  });
  registerModelServices(server, ctx, modelServices);
  const datasetOrders = new DatasetOrders(ctx, { paths, assets: catalogueAssets, origins: modelDeps.origins });
  registerDatasetOrders(server, datasetOrders);
  if (runsEngine(config)) server.addHook('onReady', () => datasetOrders.recover());
  server.addHook('onClose', () => datasetOrders.stop());
  // the demo's catalogue scenes need the admin user, which exists once the server is ready (main.ts, tests)
  if (demoSeeded) server.addHook('onReady', async () => void (await seedDemoCatalogue(ctx, catalogue, paths)));
  // the API reference page reads it before it shows anything (issue 34 §4)
  gzipDocument(server, '/api/openapi.json');
  mount(server, instanceOperations, 'GET /api/openapi.json', { access: PUBLIC, tags: ['instance'] }, () => {
    const document = server.swagger();
    // configured as OpenAPI 3 above: a Swagger 2 document would be a mistake here
    if (!('openapi' in document)) throw new Error('the API document is not OpenAPI 3');
    return { ...document, paths: document.paths ?? {} };
  });
  registerHealthRoutes(server, { designated });
  registerThumbnailRoutes(server, ctx);
  registerDocsRoutes(server, { dir: config.userDocsDir, instanceName: config.instanceName });
  await registerSpaRoutes(server, config.webDistDir);

  return {
    server,
    ctx,
    users,
    database,
    engine,
    storage,
    async close() {
      await server.close();
      await storage.close();
      await ctx.bus.close();
      await ctx.outbound.close();
      if (!options.database) await database.close();
    },
  };
}
