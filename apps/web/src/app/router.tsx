import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AppLayout } from './layout/AppLayout';
import { RequireAuth } from './auth/RequireAuth';
import { ROUTES, type RouteKey } from './routes';
import { PageLoader } from '../ui/PageLoader';

type PageModule = Promise<Record<string, unknown>>;

/** A lazily loaded page: heavy pages load only when visited (route-level code splitting). */
function page(key: RouteKey, load: () => PageModule, exportName: string): RouteObject {
  const entry = ROUTES[key];
  return {
    path: entry.path,
    handle: { routeKey: key },
    lazy: async () => {
      const Page = (await load())[exportName] as ComponentType;
      if ('isPublic' in entry && entry.isPublic) return { Component: Page };
      return {
        Component: () => (
          <RequireAuth title={entry.title}>
            <Page />
          </RequireAuth>
        ),
      };
    },
  };
}

const account = () => import('../features/account');
const admin = () => import('../features/admin');
const processes = () => import('../features/processes');
const workflows = () => import('../features/workflows');
// the Detached Editor: @xyflow/react and dagre load only with it and the workflow page
const workflowEditor = () => import('../features/workflows/editor/ProcessorEditorPage');
const executions = () => import('../features/executions');
const jobs = () => import('../features/jobs');
const executionReport = () => import('../features/execution-report');
const schedules = () => import('../features/schedules');
// OpenLayers loads with the catalogue browser
const catalogue = () => import('../features/catalogue');
// catalogue collections and CWL applications (issue 15); their executions are executions' pages
const applications = () => import('../features/applications');
// the marketplace (issue 16)
const marketplace = () => import('../features/marketplace');
const collectionRequests = () => import('../features/collection-requests');
// react-grid-layout and ECharts load with the dashboards (issue 18)
const dashboards = () => import('../features/dashboards');

const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    // shown while the first lazily loaded page of a visit arrives
    hydrateFallbackElement: <PageLoader />,
    children: [
      page('index', () => import('../features/home'), 'IndexPage'),
      page('home', () => import('../features/home'), 'HomePage'),
      page('login', account, 'LoginPage'),
      page('casLogin', account, 'LoginPage'),
      page('oidcLogin', account, 'OidcLoginPage'),
      page('profile', account, 'ProfilePage'),
      page('settings', account, 'SettingsPage'),
      page('resources', () => import('../features/resources'), 'ResourcesPage'),
      page('processes', processes, 'ProcessesPage'),
      page('wrapperGenerator', processes, 'WrapperGeneratorPage'),
      page('repositoryBrowser', processes, 'RepositoryBrowserPage'),
      page('process', processes, 'ProcessPage'),
      page('processVersions', processes, 'ProcessVersionsPage'),
      page('processBuckets', processes, 'ProcessBucketsPage'),
      page('bucket', processes, 'BucketPage'),
      page('workflows', workflows, 'WorkflowsPage'),
      page('workflow', workflows, 'WorkflowPage'),
      page('workflowExecute', workflows, 'ExecuteWorkflowPage'),
      page('workflowSchedule', workflows, 'ScheduleWorkflowPage'),
      page('schedules', schedules, 'SchedulesPage'),
      page('schedule', schedules, 'SchedulePage'),
      page('workflowDetail', workflows, 'WorkflowDetailPage'),
      page('processorEditor', workflowEditor, 'ProcessorEditorPage'),
      page('monitoring', executions, 'WorkflowExecutionsPage'),
      page('executionReport', executionReport, 'WorkflowReportPage'),
      page('jobs', jobs, 'JobsPage'),
      page('products', catalogue, 'ProductsPage'),
      page('catalogueCollections', applications, 'CatalogueCollectionsPage'),
      page('catalogueCollection', applications, 'CatalogueCollectionPage'),
      page('catalogueApplicationDetail', applications, 'ApplicationDetailPage'),
      page('marketplace', marketplace, 'MarketplacePage'),
      page('catalogueModelDetail', catalogue, 'ModelDetailPage'),
      page('catalogueDatasetDetail', catalogue, 'DatasetDetailPage'),
      page('catalogueApplicationExecute', applications, 'ExecuteApplicationPage'),
      page('applicationExecutions', executions, 'ApplicationExecutionsPage'),
      page('applicationReport', executionReport, 'ApplicationReportPage'),
      page('modelExecutions', executions, 'ModelExecutionsPage'),
      page('modelReport', executionReport, 'ModelReportPage'),
      page('catalogueModelExecute', applications, 'ModelExecutePage'),
      // Swagger UI: a chunk of its own, loaded only on this page
      page('apiReference', () => import('../features/api-reference'), 'ApiReferencePage'),
      {
        path: '/admin',
        lazy: async () => {
          const { AdminLayout } = await admin();
          return {
            Component: () => (
              <RequireAuth title={ROUTES.admin.title}>
                <AdminLayout />
              </RequireAuth>
            ),
          };
        },
        children: [
          { index: true, element: <Navigate to="/admin/users" replace /> },
          page('adminUsers', admin, 'UsersPage'),
          page('adminUserEdit', admin, 'UserEditPage'),
          page('adminWorkspaces', admin, 'WorkspacesPage'),
          page('adminAdes', admin, 'AdesPage'),
          page('adminDatabase', admin, 'DatabasePage'),
        ],
      },
      page('mepCollections', collectionRequests, 'CollectionRequestsPage'),
      page('mepCollectionNew', collectionRequests, 'NewCollectionRequestPage'),
      page('mepCollection', collectionRequests, 'CollectionRequestPage'),
      page('secrets', () => import('../features/secrets'), 'SecretsPage'),
      page('dashboards', dashboards, 'DashboardsPage'),
      page('dashboard', dashboards, 'DashboardPage'),
      { path: '/index', element: <Navigate to="/" replace /> },
      { path: '*', lazy: () => import('../features/not-found').then((m) => ({ Component: m.NotFoundPage })) },
    ],
  },
];

export const router = createBrowserRouter(routes, { basename: '/asb' });
