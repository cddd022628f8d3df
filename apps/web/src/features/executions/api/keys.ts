/**
 * Query keys of executions. They start like the generic list's source key ([prefix, type]),
 * so a new, stopped or shared execution refreshes every list, count and page that shows one.
 */
export const BUILDER = '/builder/v1';

export const EXECUTIONS_KEY = [BUILDER, 'executions'] as const;

export const executionKey = (id: string) => [...EXECUTIONS_KEY, 'detail', id] as const;

export const executionJobsKey = (id: string) => [...EXECUTIONS_KEY, 'jobs', id] as const;
