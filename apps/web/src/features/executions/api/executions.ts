import { listQueryParams, PAGE_SIZE, statusGroup, type ExecutionListAttributes, type ListDocument } from '@asb/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/http';
import { EXECUTIONS_KEY } from './keys';

/** a row of the list: what the list shows (the contract's executionListAttributesSchema), not the results */
export type Execution = ListDocument<ExecutionListAttributes>['data'][number];

export interface ExecutionListParams {
  page: number;
  search: string;
}

/** While an execution of the page is pending or running the list refetches at this interval. */
export const ACTIVE_POLL_MS = 5000;

/** Spec 1 §7 Builder: GET executions?sort=-createdAt&page[number]&page[size]=20[&filter[search]]; reads meta.pagination. */
function fetchExecutions({ page, search }: ExecutionListParams, signal?: AbortSignal) {
  const query = listQueryParams({ page, pageSize: PAGE_SIZE, sort: '-createdAt', search: search.trim() || undefined });
  return api('GET /builder/v1/executions', { query, signal, jsonApi: true });
}

export function isActive(execution: Execution): boolean {
  const group = statusGroup(execution.attributes.status);
  return group === 'pending' || group === 'running';
}

/** The statuses of a display group (spec 1 §4; execution lists count paused as pending). */
export const ACTIVE_STATUSES = {
  pending: ['pending', 'paused', 'submitting', 'credit_calculated'],
  running: ['running', 'request_sent'],
} as const;

/** How many executions have one of these statuses: GET executions?filter[status]=a,b&page[size]=1, meta.pagination.count. */
export function useExecutionCount(statuses: readonly string[]) {
  return useQuery({
    queryKey: [...EXECUTIONS_KEY, 'count', statuses.join(',')],
    queryFn: async ({ signal }) => {
      const query = listQueryParams({ page: 1, pageSize: 1, filters: { status: statuses.join(',') } });
      const document = await api('GET /builder/v1/executions', { query, signal, jsonApi: true });
      return document.meta.pagination.count;
    },
    refetchInterval: ACTIVE_POLL_MS,
  });
}

/** The execution list (newest first); keys start with EXECUTIONS_KEY so a new execution refreshes it. */
export function useExecutions(params: ExecutionListParams) {
  return useQuery({
    queryKey: [...EXECUTIONS_KEY, 'list', params],
    queryFn: ({ signal }) => fetchExecutions(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some(isActive) ? ACTIVE_POLL_MS : false),
  });
}
