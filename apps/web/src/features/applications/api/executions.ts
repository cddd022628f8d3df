import {
  listQueryParams,
  PAGE_SIZE,
  statusGroup,
  type ApplicationExecutionRequest,
  type BaseAttributes,
  type ExecutionTaskAttributes,
  type ListDocument,
} from '@asb/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/http';

/** Every query of application executions (taskmgr ades-tasks) lives under this key. */
export const ADES_TASKS_KEY = ['/taskmgr/v1', 'ades-tasks'] as const;
export const adesTaskKey = (id: string) => [...ADES_TASKS_KEY, 'detail', id] as const;

/** An execution task as taskmgr answers it: the resource's base attributes and the spec's task attributes. */
export type ApplicationExecutionAttributes = BaseAttributes & ExecutionTaskAttributes;
export type ApplicationExecution = ListDocument<ApplicationExecutionAttributes>['data'][number];

/** While an execution of the page is pending or running the page also reads it at this interval, in case the live connection is down. */
const ACTIVE_POLL_MS = 5000;

const isActiveStatus = (status: string) => ['pending', 'running'].includes(statusGroup(status));

/** Spec 3 §7: GET taskmgr/v1/ades-tasks?sort=-createdAt&page[number]&page[size]=20 (spec 3 §9). */
export function useApplicationExecutions(page: number) {
  return useQuery({
    queryKey: [...ADES_TASKS_KEY, 'list', page],
    queryFn: ({ signal }) =>
      api('GET /taskmgr/v1/ades-tasks', { query: listQueryParams({ page, pageSize: PAGE_SIZE, sort: '-createdAt' }), signal, jsonApi: true }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some((row) => isActiveStatus(row.attributes.status)) ? ACTIVE_POLL_MS : false),
  });
}

/** Spec 3 §7: GET taskmgr/v1/ades-tasks/{id}. */
export function useApplicationExecution(id: string) {
  return useQuery({
    queryKey: adesTaskKey(id),
    queryFn: async ({ signal }) => (await api('GET /taskmgr/v1/ades-tasks/{id}', { params: { id }, signal, jsonApi: true })).data,
    refetchInterval: (query) => (query.state.data && isActiveStatus(query.state.data.attributes.status) ? ACTIVE_POLL_MS : false),
  });
}

/** Spec 3 §7: POST catalogue-collections/{id}/execute with cwl_identifier, inputs and ades_id; answers the new execution task. */
export async function executeApplication(collection: string, request: ApplicationExecutionRequest): Promise<ApplicationExecution> {
  return (await api('POST /backend/v1/catalogue-collections/{id}/execute', { params: { id: collection }, body: request })).data;
}
