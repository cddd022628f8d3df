import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AppLayout } from './layout/AppLayout';
import { guarded, pageRoute as page } from './page-route';
import { ROUTES } from './routes';
import { PageLoader } from '../ui/PageLoader';

// Each route imports its page's own file, never a feature's barrel: a barrel would bring every
// page of the feature, with their maps, charts and editors, to a visit of any one of them.
// apps/web/build-checks/initial-javascript.test.ts holds deep links to their budget.
const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    // shown while the first lazily loaded page of a visit arrives
    hydrateFallbackElement: <PageLoader />,
    children: [
      page('index', () => import('../features/home/IndexPage'), 'IndexPage'),
      page('home', () => import('../features/home/HomePage'), 'HomePage'),
      page('login', () => import('../features/account/login/LoginPage'), 'LoginPage'),
      page('casLogin', () => import('../features/account/login/LoginPage'), 'LoginPage'),
      page('oidcLogin', () => import('../features/account/login/OidcLoginPage'), 'OidcLoginPage'),
      page('profile', () => import('../features/account/profile/ProfilePage'), 'ProfilePage'),
      page('settings', () => import('../features/account/settings/SettingsPage'), 'SettingsPage'),
      page('resources', () => import('../features/resources/ResourcesPage'), 'ResourcesPage'),
      page('processes', () => import('../features/processes/list/ProcessesPage'), 'ProcessesPage'),
      page('wrapperGenerator', () => import('../features/processes/wrapper/WrapperGeneratorPage'), 'WrapperGeneratorPage'),
      page('repositoryBrowser', () => import('../features/processes/repository/RepositoryBrowserPage'), 'RepositoryBrowserPage'),
      page('process', () => import('../features/processes/process/ProcessPage'), 'ProcessPage'),
      page('processVersions', () => import('../features/processes/versions/ProcessVersionsPage'), 'ProcessVersionsPage'),
      page('processBuckets', () => import('../features/processes/versions/ProcessBucketsPage'), 'ProcessBucketsPage'),
      page('bucket', () => import('../features/processes/bucket/BucketPage'), 'BucketPage'),
      page('workflows', () => import('../features/workflows/list/WorkflowsPage'), 'WorkflowsPage'),
      // @xyflow/react and dagre load with the workflow page's editor (its own lazy chunk) and the Detached Editor
      page('workflow', () => import('../features/workflows/workflow/WorkflowPage'), 'WorkflowPage'),
      page('workflowExecute', () => import('../features/workflows/execute/ExecuteWorkflowPage'), 'ExecuteWorkflowPage'),
      page('workflowSchedule', () => import('../features/workflows/execute/ExecuteWorkflowPage'), 'ScheduleWorkflowPage'),
      page('schedules', () => import('../features/schedules/SchedulesPage'), 'SchedulesPage'),
      page('schedule', () => import('../features/schedules/SchedulePage'), 'SchedulePage'),
      page('workflowDetail', () => import('../features/workflows/detail/WorkflowDetailPage'), 'WorkflowDetailPage'),
      page('processorEditor', () => import('../features/workflows/editor/ProcessorEditorPage'), 'ProcessorEditorPage'),
      page('monitoring', () => import('../features/executions/pages'), 'WorkflowExecutionsPage'),
      page('executionCompare', () => import('../features/execution-compare/ExecutionComparePage'), 'ExecutionComparePage'),
      // ECharts (the timeline) and dagre (the task graph) load with the execution report
      page('executionReport', () => import('../features/execution-report/pages'), 'WorkflowReportPage'),
      page('jobs', () => import('../features/jobs/JobsPage'), 'JobsPage'),
      // OpenLayers loads with the catalogue browser
      page('products', () => import('../features/catalogue/ProductsPage'), 'ProductsPage'),
      // catalogue collections and CWL applications (issue 15); their executions are executions' pages
      page('catalogueCollections', () => import('../features/applications/collections/CatalogueCollectionsPage'), 'CatalogueCollectionsPage'),
      page('catalogueCollection', () => import('../features/applications/collections/CatalogueCollectionPage'), 'CatalogueCollectionPage'),
      page('catalogueApplicationDetail', () => import('../features/applications/detail/ApplicationDetailPage'), 'ApplicationDetailPage'),
      // the marketplace (issue 16)
      page('marketplace', () => import('../features/marketplace/MarketplacePage'), 'MarketplacePage'),
      page('catalogueModelDetail', () => import('../features/catalogue/item-page/CatalogueItemPage'), 'ModelDetailPage'),
      page('catalogueDatasetDetail', () => import('../features/catalogue/item-page/CatalogueItemPage'), 'DatasetDetailPage'),
      page('catalogueApplicationExecute', () => import('../features/applications/execute/ExecuteApplicationPage'), 'ExecuteApplicationPage'),
      page('applicationExecutions', () => import('../features/executions/pages'), 'ApplicationExecutionsPage'),
      page('applicationReport', () => import('../features/execution-report/pages'), 'ApplicationReportPage'),
      page('modelExecutions', () => import('../features/executions/pages'), 'ModelExecutionsPage'),
      page('modelReport', () => import('../features/execution-report/pages'), 'ModelReportPage'),
      page('catalogueModelExecute', () => import('../features/applications/model-execute/ModelExecutePage'), 'ModelExecutePage'),
      // Swagger UI: a chunk of its own, loaded only on this page
      page('apiReference', () => import('../features/api-reference/ApiReferencePage'), 'ApiReferencePage'),
      {
        path: '/admin',
        Component: guarded(ROUTES.admin.title, () => import('../features/admin/layout/AdminLayout'), 'AdminLayout'),
        children: [
          { index: true, element: <Navigate to="/admin/users" replace /> },
          page('adminUsers', () => import('../features/admin/users/UsersPage'), 'UsersPage'),
          page('adminUserEdit', () => import('../features/admin/users/UserEditPage'), 'UserEditPage'),
          page('adminWorkspaces', () => import('../features/admin/workspaces/WorkspacesPage'), 'WorkspacesPage'),
          page('adminAdes', () => import('../features/admin/ades/AdesPage'), 'AdesPage'),
          page('adminDatabase', () => import('../features/admin/database/DatabasePage'), 'DatabasePage'),
        ],
      },
      page('mepCollections', () => import('../features/collection-requests/CollectionRequestsPage'), 'CollectionRequestsPage'),
      page('mepCollectionNew', () => import('../features/collection-requests/NewCollectionRequestPage'), 'NewCollectionRequestPage'),
      page('mepCollection', () => import('../features/collection-requests/CollectionRequestPage'), 'CollectionRequestPage'),
      page('secrets', () => import('../features/secrets/SecretsPage'), 'SecretsPage'),
      // react-grid-layout, ECharts and OpenLayers load with a dashboard, not with the list (issue 18)
      page('dashboards', () => import('../features/dashboards/DashboardsPage'), 'DashboardsPage'),
      page('dashboard', () => import('../features/dashboards/DashboardPage'), 'DashboardPage'),
      { path: '/index', element: <Navigate to="/" replace /> },
      { path: '*', lazy: () => import('../features/not-found/NotFoundPage').then((m) => ({ Component: m.NotFoundPage })) },
    ],
  },
];

export const router = createBrowserRouter(routes, { basename: '/asb' });
