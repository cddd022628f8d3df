import { listQueryParams, PAGE_SIZE, statusGroup, type BaseAttributes, type ExecutionTaskAttributes, type ListDocument } from '@asb/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/http';
import { ACTIVE_POLL_MS } from './executions';

/** Application executions are taskmgr ades-tasks, model executions seldon-tasks (spec 3 §7): the same execution task. */
export type TaskKind = 'application' | 'model';

/** Every query of a kind's executions lives under its key. */
export const TASKS_KEY: Record<TaskKind, readonly [string, string]> = {
  application: ['/taskmgr/v1', 'ades-tasks'],
  model: ['/taskmgr/v1', 'seldon-tasks'],
};
export const taskKey = (kind: TaskKind, id: string) => [...TASKS_KEY[kind], 'detail', id] as const;

/** An execution task as taskmgr answers it: the resource's base attributes and the spec's task attributes. */
export type TaskExecutionAttributes = BaseAttributes & ExecutionTaskAttributes;
export type TaskExecution = ListDocument<TaskExecutionAttributes>['data'][number];

const isActiveStatus = (status: string) => ['pending', 'running'].includes(statusGroup(status));

/** Spec 3 §7: GET taskmgr/v1/ades-tasks or seldon-tasks ?sort=-createdAt&page[number]&page[size]=20 (spec 3 §9). */
export function useTaskExecutions(kind: TaskKind, page: number) {
  return useQuery({
    queryKey: [...TASKS_KEY[kind], 'list', page],
    queryFn: ({ signal }) => {
      const options = { query: listQueryParams({ page, pageSize: PAGE_SIZE, sort: '-createdAt' }), signal, jsonApi: true } as const;
      return kind === 'model' ? api('GET /taskmgr/v1/seldon-tasks', options) : api('GET /taskmgr/v1/ades-tasks', options);
    },
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some((row) => isActiveStatus(row.attributes.status)) ? ACTIVE_POLL_MS : false),
  });
}

/** Spec 3 §7: GET taskmgr/v1/ades-tasks/{id} or seldon-tasks/{id}. */
export function useTaskExecution(kind: TaskKind, id: string) {
  return useQuery({
    queryKey: taskKey(kind, id),
    queryFn: async ({ signal }) => {
      const options = { params: { id }, signal, jsonApi: true } as const;
      return (kind === 'model' ? await api('GET /taskmgr/v1/seldon-tasks/{id}', options) : await api('GET /taskmgr/v1/ades-tasks/{id}', options)).data;
    },
    refetchInterval: (query) => (query.state.data && isActiveStatus(query.state.data.attributes.status) ? ACTIVE_POLL_MS : false),
  });
}
