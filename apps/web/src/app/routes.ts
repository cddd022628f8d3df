/**
 * The route table of spec 3 §2 (base /asb/). `name` is the route name the spec
 * uses in links; `isPublic` routes need no sign-in (spec 1 §2 Route guard).
 */
export interface RouteEntry {
  name: string;
  path: string;
  /** page title used by the route guard warning and placeholders */
  title: string;
  isPublic?: boolean;
}

export const ROUTES = {
  index: { name: 'index', path: '/', title: 'Home', isPublic: true },
  home: { name: 'home', path: '/home', title: 'Home' },
  login: { name: 'login', path: '/login', title: 'Login', isPublic: true },
  casLogin: { name: 'cas:login', path: '/cas/login', title: 'Login', isPublic: true },
  oidcLogin: { name: 'oidc:login', path: '/oidc/login', title: 'Login', isPublic: true },
  marketplace: { name: 'marketplace', path: '/marketplace', title: 'Marketplace', isPublic: true },
  profile: { name: 'profile', path: '/profile', title: 'Profile' },
  resources: { name: 'resources', path: '/resources', title: 'Resources Usage' },
  settings: { name: 'settings', path: '/settings', title: 'Framework and Settings' },
  adminUsers: { name: 'admin:users', path: '/admin/users', title: 'Users' },
  admin: { name: 'admin', path: '/admin', title: 'Administration' },
  adminUserEdit: { name: 'admin:user:edit', path: '/admin/users/:username', title: 'Edit user' },
  adminWorkspaces: { name: 'admin:workspaces', path: '/admin/workspaces', title: 'Workspaces' },
  adminAdes: { name: 'admin:ades', path: '/admin/ades', title: 'ADES Instances' },
  adminDatabase: { name: 'admin:database', path: '/admin/database', title: 'Database & Airflow' },
  processes: { name: 'processes', path: '/processes', title: 'Processes' },
  process: { name: 'process', path: '/processes/:id', title: 'Process' },
  wrapperGenerator: { name: 'process:wrapper:generator', path: '/processes/wrapper/generator', title: 'Wrapper Generator' },
  repositoryBrowser: { name: 'processes:repos', path: '/processes/search/repos', title: 'Repository browser' },
  processVersions: { name: 'processes:versions', path: '/process-versions', title: 'Process versions' },
  processBuckets: { name: 'processes:buckets', path: '/process-buckets', title: 'Process buckets' },
  bucket: { name: 'bucket', path: '/buckets/:id', title: 'Bucket' },
  workflows: { name: 'workflows', path: '/workflows', title: 'Workflows' },
  workflow: { name: 'workflow', path: '/workflows/:id', title: 'Workflow' },
  workflowExecute: { name: 'workflow:execute', path: '/workflows/:id/execute', title: 'Execute workflow' },
  workflowSchedule: { name: 'workflow:schedule', path: '/workflows/:id/schedule', title: 'Schedule workflow' },
  workflowDetail: { name: 'workflow:detail', path: '/workflows/:id/detail/:workflowId', title: 'Workflow detail', isPublic: true },
  processorEditor: { name: 'processorEditor', path: '/knowledge/processorEditor/:id', title: 'Workflow editor' },
  schedules: { name: 'schedules', path: '/schedules', title: 'Schedules' },
  schedule: { name: 'schedule', path: '/schedules/:id', title: 'Schedule' },
  monitoring: { name: 'monitoring', path: '/monitoring', title: 'Executions' },
  // beyond the spec's table: two executions side by side (issue 35 §3, docs/compare.md)
  executionCompare: { name: 'monitoring:compare', path: '/monitoring/compare', title: 'Compare executions' },
  executionReport: { name: 'execution:report', path: '/executions/:id/report', title: 'Execution Report' },
  applicationExecutions: { name: 'monitoring:applications', path: '/monitoring/applications', title: 'Application executions' },
  applicationReport: { name: 'monitoring:application:report', path: '/monitoring/applications/:id/report', title: 'Execution Report' },
  modelExecutions: { name: 'monitoring:models', path: '/monitoring/models', title: 'Model executions' },
  modelReport: { name: 'monitoring:model:report', path: '/monitoring/models/:id/report', title: 'Execution Report' },
  jobs: { name: 'jobs', path: '/jobs', title: 'Jobs' },
  mepCollections: { name: 'collections', path: '/mep/collections', title: 'Collection requests' },
  mepCollectionNew: { name: 'collection:new', path: '/mep/collections/new', title: 'Request a collection' },
  mepCollection: { name: 'collection', path: '/mep/collections/:id', title: 'Collection request' },
  dashboards: { name: 'dashboards', path: '/dashboards', title: 'Dashboards' },
  // readable signed out when public (public-dashboards); /dashboards/home is the home dashboard
  dashboard: { name: 'dashboard', path: '/dashboards/:id?', title: 'Dashboard', isPublic: true },
  products: { name: 'products', path: '/products', title: 'Products' },
  catalogueCollections: { name: 'catalogue-collections', path: '/collections', title: 'Catalogue Collections' },
  catalogueCollection: { name: 'catalogue-collection', path: '/collections/:id', title: 'Catalogue Collection' },
  catalogueApplicationExecute: { name: 'catalogue-application:execute', path: '/collections/:id/execute/:appId', title: 'Execute application' },
  catalogueApplicationDetail: { name: 'catalogue-application:detail', path: '/collections/:id/detail/:appId', title: 'Application', isPublic: true },
  catalogueModelExecute: { name: 'catalogue-model:execute', path: '/collections/:id/model_execute/:modelId', title: 'Execute model' },
  catalogueModelDetail: { name: 'catalogue-model:detail', path: '/collections/:id/model_detail/:modelId', title: 'Model', isPublic: true },
  catalogueDatasetDetail: { name: 'catalogue-dataset:detail', path: '/collections/:id/dataset_detail/:datasetId', title: 'Dataset', isPublic: true },
  secrets: { name: 'secrets', path: '/secrets', title: 'Secrets' },
  // beyond the spec's table: the API reference rendered from /api/openapi.json (docs/decisions.md)
  apiReference: { name: 'api-reference', path: '/api-reference', title: 'API reference', isPublic: true },
} as const satisfies Record<string, RouteEntry>;

export type RouteKey = keyof typeof ROUTES;

/** Fills `:param` placeholders: routePath('workflow', {id: 3}) -> '/workflows/3'. */
export function routePath(key: RouteKey, params: Record<string, string | number> = {}): string {
  return (
    ROUTES[key].path
      .replace(/:(\w+)\??/g, (_match, name: string) => (params[name] !== undefined ? encodeURIComponent(String(params[name])) : ''))
      .replace(/\/$/, '') || '/'
  );
}
