/**
 * Query keys of the workflow area. They start like the generic list's source key
 * ([prefix, type]) so that archiving a row in the list also refreshes the workflow page.
 */
export const KNOWLEDGE = '/knowledge/v1';

export const WORKFLOWS_KEY = [KNOWLEDGE, 'workflows'] as const;

export function workflowKey(id: string) {
  return [...WORKFLOWS_KEY, 'detail', id] as const;
}
