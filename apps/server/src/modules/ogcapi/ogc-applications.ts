import type { Application, ApplicationExecutionRequest, ApplicationSummary } from '@asb/contracts';
import type { Principal } from '../../platform/auth/principal.js';

/**
 * What /ogcapi/ needs of the applications (modules/applications): the store of
 * `ctx.applications` and the application executions, given by the composition root
 * (app.ts), so that this module names no other's internals.
 */
export interface OgcApplications {
  listRunnable(principal: Principal): Promise<ApplicationSummary[]>;
  runnable(principal: Principal | null, collection: string, identifier: string): Promise<{ application: Application } | undefined>;
  register(principal: Principal, collection: string, cwl: string, options: { replace: boolean }): Promise<ApplicationSummary>;
  remove(principal: Principal, collection: string, identifier: string): Promise<void>;
  /** the CWL text as deployed or uploaded, when `principal` may read the application */
  cwlText(principal: Principal, collection: string, identifier: string): Promise<{ cwl: string; mediaType: string }>;
  ensureOwnCollection(principal: Principal, slug: string, title: string): Promise<string>;
  /** the application executions (modules/applications/application-executions.ts: executeApplication) */
  execute?: (principal: Principal, collection: string, request: ApplicationExecutionRequest) => Promise<{ id: number; identifier: string }>;
}

/** The collection the OGC API deploys a caller's application packages into: `{username}:ogcapi`. */
export const DEPLOY_SLUG = 'ogcapi';
export const DEPLOY_TITLE = 'OGC API – Processes deployments';
export const deployCollectionOf = (username: string) => `${username}:${DEPLOY_SLUG}`;
