import {
  CWL_MEDIA_TYPES,
  OGC_CONFORMANCE,
  OGC_REL,
  OGCAPPPKG_MEDIA_TYPE,
  OPENAPI_MEDIA_TYPE,
  MAX_CWL_BYTES,
  ogcapiOperations as operations,
} from '@asb/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { Engine } from '../../engine/engine.module.js';
import { PUBLIC, needs, type RouteAccess } from '../../platform/http/access.js';
import { mount } from '../../platform/http/operations.js';
import { publicBaseUrl } from '../../platform/http/public-url.js';
import type { OgcApplications } from './ogc-applications.js';
import { registerOgcErrorHandler } from './ogc-errors.js';
import { OgcJobs } from './ogc-jobs.service.js';
import { OgcProcesses } from './ogc-processes.service.js';
import { SyncWaits } from './sync-wait.js';
import { depthCappedJsonParser } from '../../platform/documents/json-body-parser.js';

const route = <A extends RouteAccess>(access: A) => ({ access, tags: ['ogcapi'] });

/** `Prefer: respond-async` (RFC 7240), among other preferences or alone. */
const prefersAsync = (request: FastifyRequest) => /(^|[\s,;])respond-async($|[\s,;=])/i.test(String(request.headers.prefer ?? ''));

/** The conformance classes implemented (docs/ogcapi.md); Part 2's only with applications to deploy. */
function conformance(withApplications: boolean): string[] {
  const core = [
    OGC_CONFORMANCE.core,
    OGC_CONFORMANCE.json,
    OGC_CONFORMANCE.oas30,
    OGC_CONFORMANCE.processDescription,
    OGC_CONFORMANCE.jobList,
    OGC_CONFORMANCE.dismiss,
  ];
  return withApplications ? [...core, OGC_CONFORMANCE.deploy, OGC_CONFORMANCE.ogcapppkg, OGC_CONFORMANCE.cwl] : core;
}

/**
 * The portal as an OGC API – Processes server under /ogcapi/ (docs/ogcapi.md)
 *: in its own encapsulated scope, so that its errors are OGC API
 * exceptions and its bodies may be CWL, while the rest of the API keeps its own.
 */
export function registerOgcapi(app: FastifyInstance, ctx: AppContext, engine: Engine, applications: OgcApplications | undefined): void {
  const processes = new OgcProcesses(ctx, applications);
  const jobs = new OgcJobs(ctx, engine);
  const waits = new SyncWaits(ctx);
  app.addHook('onClose', () => waits.close());

  // a path of no route under /ogcapi/ is an OGC exception too (problem+json), not the rest of the API's 404 body
  void app.register(
    async (prefixed) => {
      prefixed.setNotFoundHandler((request, reply) =>
        reply
          .status(404)
          .type('application/problem+json')
          .send({ type: 'about:blank', title: 'Not Found', status: 404, detail: `No route ${request.method} ${request.url.replace(/\?.*$/s, '')}.` }),
      );
    },
    { prefix: '/ogcapi' },
  );

  void app.register(async (scope) => {
    registerOgcErrorHandler(scope);
    // Part 2: a CWL application package is read as text and handed to the store, which parses YAML and JSON alike
    scope.addContentTypeParser([...CWL_MEDIA_TYPES], { parseAs: 'string', bodyLimit: MAX_CWL_BYTES }, (_request, body, done) => done(null, body));
    scope.addContentTypeParser(OGCAPPPKG_MEDIA_TYPE, { parseAs: 'string', bodyLimit: MAX_CWL_BYTES }, depthCappedJsonParser(scope));
    const base = (request: FastifyRequest) => publicBaseUrl(ctx.config, request);

    const landing = (request: FastifyRequest) => {
      const root = `${base(request)}/ogcapi`;
      return {
        title: `${ctx.config.instanceName} – OGC API – Processes`,
        description: 'The workflows and CWL applications of the portal as OGC API – Processes; jobs are the portal’s executions.',
        links: [
          { href: `${root}/`, rel: 'self', type: 'application/json', title: 'This document' },
          { href: `${base(request)}/api/openapi.json`, rel: 'service-desc', type: OPENAPI_MEDIA_TYPE, title: 'The API definition' },
          { href: `${base(request)}/asb/api-reference`, rel: 'service-doc', type: 'text/html', title: 'The API documentation' },
          { href: `${root}/conformance`, rel: OGC_REL.conformance, type: 'application/json', title: 'Conformance classes' },
          { href: `${root}/processes`, rel: OGC_REL.processes, type: 'application/json', title: 'The processes' },
          { href: `${root}/jobs`, rel: OGC_REL.jobList, type: 'application/json', title: 'The jobs' },
        ],
      };
    };
    mount(scope, operations, 'GET /ogcapi/', route(PUBLIC), landing);
    // GDAL and OWSLib open the URL they are given, often without the slash: the same page, left out of the OpenAPI document (one operation)
    scope.route({ method: 'GET', url: '/ogcapi', config: { access: PUBLIC }, schema: { hide: true }, handler: landing });
    mount(scope, operations, 'GET /ogcapi/conformance', route(PUBLIC), () => ({ conformsTo: conformance(applications !== undefined) }));

    mount(scope, operations, 'GET /ogcapi/processes', route(needs('workflows:view; applications: execute')), (request) =>
      processes.list(request.principal, base(request), request.query),
    );
    mount(scope, operations, 'GET /ogcapi/processes/{processId}', route(needs('workflows:view; applications: execute')), (request) =>
      processes.describe(request.principal, request.params.processId, base(request)),
    );
    mount(scope, operations, 'GET /ogcapi/processes/{processId}/package', route(needs('applications: read')), async (request, reply) => {
      const { cwl } = await processes.package(request.principal, request.params.processId);
      // always CWL YAML text (JSON is YAML): what a Part 2 client deployed and compares with
      return reply.type('application/cwl+yaml; charset=utf-8').send(cwl);
    });
    mount(
      scope,
      operations,
      'POST /ogcapi/processes/{processId}/execution',
      route(needs('workflows:view (the workflow run); applications: execute')),
      async (request, reply) => {
        const principal = request.principal;
        const id = await processes.execute(principal, request.params.processId, request.body);
        reply.header('location', `${base(request)}/ogcapi/jobs/${id}`);
        const isAsync = prefersAsync(request);
        const ended = isAsync ? undefined : await waits.until(id, ctx.config.ogcapiSyncMs);
        if (ended) {
          reply.status(200);
          return jobs.resultsOf(ended, base(request));
        }
        if (isAsync) reply.header('preference-applied', 'respond-async');
        reply.status(201);
        return jobs.status(principal, String(id), base(request));
      },
    );

    mount(
      scope,
      operations,
      'POST /ogcapi/processes',
      { ...route(needs('applications: upload to the own collection')), bodyLimit: MAX_CWL_BYTES },
      async (request, reply) => {
        const summary = await processes.deploy(request.principal, request.body, base(request));
        reply.header('location', `${base(request)}/ogcapi/processes/${encodeURIComponent(summary.id)}`);
        reply.status(201);
        return summary;
      },
    );
    mount(
      scope,
      operations,
      'PUT /ogcapi/processes/{processId}',
      { ...route(needs('applications: edit (deployed through the API)')), bodyLimit: MAX_CWL_BYTES },
      (request) => processes.replace(request.principal, request.params.processId, request.body, base(request)),
    );
    mount(
      scope,
      operations,
      'DELETE /ogcapi/processes/{processId}',
      route(needs('applications: delete (deployed through the API)')),
      async (request, reply) => {
        await processes.undeploy(request.principal, request.params.processId);
        return reply.status(204).send();
      },
    );

    mount(scope, operations, 'GET /ogcapi/jobs', route(needs('executions: own')), (request) => jobs.list(request.principal, request.query, base(request)));
    mount(scope, operations, 'GET /ogcapi/jobs/{jobId}', route(needs('executions: own')), (request) =>
      jobs.status(request.principal, request.params.jobId, base(request)),
    );
    mount(scope, operations, 'GET /ogcapi/jobs/{jobId}/results', route(needs('executions: own')), (request) =>
      jobs.results(request.principal, request.params.jobId, base(request)),
    );
    mount(scope, operations, 'DELETE /ogcapi/jobs/{jobId}', route(needs('executions: own')), (request) =>
      jobs.dismiss(request.principal, request.params.jobId, base(request)),
    );
  });
}
