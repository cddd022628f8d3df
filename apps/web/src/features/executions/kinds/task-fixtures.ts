import type { TaskExecutionAttributes } from '../api/tasks';

/** An application execution task as taskmgr answers it (ades-tasks), running. */
export function taskExecution(id: string, overrides: Partial<TaskExecutionAttributes> = {}) {
  const attributes: TaskExecutionAttributes = {
    identifier: `water-bodies-demo-${id}`,
    label: 'Water bodies (demo)',
    slug: null,
    ownerId: 'alice',
    isArchived: false,
    createdAt: '2024-03-04T05:06:00Z',
    updatedAt: '2024-03-04T05:06:00Z',
    workspaces: {},
    permissions: { change: true, delete: false, share: false },
    workflowIdentifier: 'water-bodies-demo',
    processVersion: '1.0.0',
    processIdentifier: 'alice:demo',
    workerSelectors: { label: 'Default' },
    schedule: null,
    progress: 0.5,
    status: 'running',
    inputs: [{ identifier: 'threshold', value: 0.1 }],
    executionResults: null,
    errorLog: null,
    executionTime: null,
    completionTime: null,
    workerLabel: null,
    workflowExecutionId: `water-bodies-demo-${id}`,
    target: 'local',
    remoteJob: null,
    statusMessage: null,
    ...overrides,
  };
  return { type: 'ades-tasks', id, attributes };
}
