import type { FastifyInstance } from 'fastify';
import type { InstanceDetails, ServiceDetails } from '@asb/contracts';
import type { AppContext } from '../../app-context.js';
import { access, PUBLIC } from '../../platform/http/access.js';

function instanceDetails(ctx: AppContext): InstanceDetails {
  const { config } = ctx;
  return {
    name: config.instanceName,
    asb_version: config.version,
    theme: config.theme,
    theme_features: config.themeFeatures,
    oidcProviderName: config.oidc?.providerName ?? null,
    external_datastore_url: config.externalDatastoreUrl,
    user_s3_buckets_enabled: false,
    build_timestamp: config.buildTimestamp,
    base_build_timestamp: config.buildTimestamp,
  };
}

/** `GET /{service}/api/details` of every service; knowledge answers the instance details (spec 1 §3). */
export function registerDetailsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/knowledge/api/details', { config: access(PUBLIC) }, () => instanceDetails(ctx));
  for (const service of ['usermgr', 'builder', 'backend', 'taskmgr', 'resmgr']) {
    app.get(`/${service}/api/details`, { config: access(PUBLIC) }, (): ServiceDetails => ({
      name: service,
      version: ctx.config.version,
      build_timestamp: ctx.config.buildTimestamp,
    }));
  }
}
