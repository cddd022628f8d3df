import type { FastifyInstance } from 'fastify';
import { DETAILS_SERVICES, instanceOperations as operations, type InstanceDetails } from '@asb/contracts';
import type { AppContext } from '../../app-context.js';
import { PUBLIC } from '../../platform/http/access.js';
import { mount } from '../../platform/http/operations.js';

function instanceDetails(ctx: AppContext): InstanceDetails {
  const { config } = ctx;
  return {
    name: config.instanceName,
    asb_version: config.version,
    theme: config.theme,
    theme_features: config.themeFeatures,
    oidcProviderName: config.oidc?.providerName ?? null,
    external_datastore_url: config.externalDatastoreUrl,
    links: config.links,
    basemap_url: config.basemapUrl,
    user_s3_buckets_enabled: false,
    build_timestamp: config.buildTimestamp,
    base_build_timestamp: config.buildTimestamp,
  };
}

/** `GET /{service}/api/details` of every service; knowledge answers the instance details (spec 1 §3). */
export function registerDetailsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const options = { access: PUBLIC, tags: ['instance'] };
  mount(app, operations, 'GET /knowledge/api/details', options, () => instanceDetails(ctx));
  for (const service of DETAILS_SERVICES) {
    mount(app, operations, `GET /${service}/api/details`, options, () => ({
      name: service,
      version: ctx.config.version,
      build_timestamp: ctx.config.buildTimestamp,
    }));
  }
}
