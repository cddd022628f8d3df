import { DEFAULT_DASHBOARD, type dashboardsContract, type DashboardComponent, type ExecutionStatistics } from '@asb/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api/http';
import { executionKey } from '../executions/api/keys';
import { jsonApiSource, type AttributesOf } from '../../ui/resource-list/jsonapi-source';

export type DashboardAttributes = AttributesOf<typeof dashboardsContract>;
export interface Dashboard {
  id: string;
  attributes: DashboardAttributes;
}

/** Spec 2 §7: GET, POST, PATCH knowledge dashboards (list filters ownerId, workspaces.identifier, isPublic, isSystem, isArchived). */
export const dashboardSource = jsonApiSource<typeof dashboardsContract>('/knowledge/v1', 'dashboards');
const DASHBOARDS_KEY = dashboardSource.key;

/**
 * The dashboard of /dashboards/{id}: signed in, dashboards/{id} (without an id the system home
 * dashboard); signed out, public-dashboards/{id} (spec 2 §7).
 */
export function useDashboard(id: string | undefined, isSignedIn: boolean, isSessionKnown: boolean) {
  return useQuery({
    queryKey: [...DASHBOARDS_KEY, 'one', id ?? DEFAULT_DASHBOARD, isSignedIn],
    enabled: isSessionKnown && (id !== undefined || isSignedIn),
    retry: false,
    queryFn: async ({ signal }): Promise<Dashboard | null> => {
      if (!isSignedIn) return (await api('GET /knowledge/v1/public-dashboards/{id}', { params: { id: id! }, signal, jsonApi: true })).data;
      if (id !== undefined) return (await api('GET /knowledge/v1/dashboards/{id}', { params: { id }, signal, jsonApi: true })).data;
      const list = await api('GET /knowledge/v1/dashboards', {
        query: { 'filter[isSystem]': 'true', 'filter[identifier]': DEFAULT_DASHBOARD, 'page[size]': 1 },
        signal,
        jsonApi: true,
      });
      return list.data[0] ?? null;
    },
  });
}

type ComponentValues = Omit<DashboardComponent, 'id'>;

/** Spec 2 §7: a component is written by its own POST, PATCH and DELETE. */
export const componentCalls = {
  add: (dashboardId: string, component: ComponentValues) =>
    api('POST /knowledge/v1/dashboard-components', {
      body: { data: { type: 'dashboard-components', attributes: component, relationships: { dashboard: { data: { type: 'dashboards', id: dashboardId } } } } },
      jsonApi: true,
    }),
  change: (id: string, attributes: Partial<ComponentValues>) =>
    api('PATCH /knowledge/v1/dashboard-components/{id}', { params: { id }, body: { data: { type: 'dashboard-components', id, attributes } }, jsonApi: true }),
  remove: (id: string) => api('DELETE /knowledge/v1/dashboard-components/{id}', { params: { id }, jsonApi: true }),
};

/** The executions chart's figures (GET builder execution-statistics): the caller's visible executions by day. */
export function useExecutionStatistics(days: number, isEnabled: boolean) {
  return useQuery({
    queryKey: ['/builder/v1', 'execution-statistics', days],
    enabled: isEnabled,
    queryFn: async ({ signal }): Promise<ExecutionStatistics> =>
      (await api('GET /builder/v1/execution-statistics', { query: { days }, signal, jsonApi: true })).data,
  });
}

/** How many of the viewer's latest executions the dashboards read (the list shows up to this many). */
export const RECENT_EXECUTIONS = 50;

/**
 * The viewer's latest executions (GET builder executions, newest first), one query for every
 * component that reads them: the live list, the map and the GeoTIFF choice of the settings.
 */
export function useRecentExecutions(isEnabled: boolean) {
  return useQuery({
    queryKey: ['/builder/v1', 'executions', 'recent', RECENT_EXECUTIONS],
    enabled: isEnabled,
    queryFn: async ({ signal }) =>
      (await api('GET /builder/v1/executions', { query: { 'page[size]': RECENT_EXECUTIONS, sort: '-createdAt' }, signal, jsonApi: true })).data,
  });
}

/**
 * The viewer's latest executions whole (GET executions/{id} each): a list row carries no
 * results, and the GeoTIFF choice of the settings needs their outputs. Only while the settings
 * are open; the report's cache key, so an execution seen there is not fetched twice.
 */
export function useRecentExecutionResults(isEnabled: boolean) {
  const recent = useRecentExecutions(isEnabled);
  return useQueries({
    queries: (recent.data ?? []).map((execution) => ({
      queryKey: executionKey(execution.id),
      queryFn: async ({ signal }: { signal: AbortSignal }) =>
        (await api('GET /builder/v1/executions/{id}', { params: { id: execution.id }, signal, jsonApi: true })).data,
      enabled: isEnabled,
    })),
  });
}

/** The newest resource on the Marketplace (GET published_resources without a query: newest first), and how many there are. */
export function useNewestPublished(isEnabled: boolean) {
  return useQuery({
    queryKey: ['/backend/v1', 'published_resources', 'newest'],
    enabled: isEnabled,
    queryFn: async ({ signal }) => (await api('GET /backend/v1/catalogue-collections/published_resources', { query: { limit: 1 }, signal })).data,
  });
}
