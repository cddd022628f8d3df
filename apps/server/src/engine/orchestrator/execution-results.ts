import type { ExecutionResults, TaskState } from '@asb/contracts';
import { datastoreUrl } from '../store/datastore-paths.js';
import type { TaskRow } from '../store/tasks.repository.js';
import type { ExecutionContext } from './execution-context.js';
import path from 'node:path';

/**
 * Spec 1 §3 executionResults from the task rows: streams (downstream task ids), tasks
 * with state and times, and one data record per output with its data type. File outputs
 * (absolute paths inside the execution's datastore folder) become datastore URLs.
 */
export function executionResults(context: ExecutionContext, tasks: TaskRow[], executionDir: string | null, error?: string): ExecutionResults {
  // a splitter's child runs: one per item of the list it split (its outputs.items)
  const childCount = (splitterId: string) => {
    const items = tasks.find((task) => task.taskId === splitterId)?.outputs?.items;
    return Array.isArray(items) ? items.length : 0;
  };
  const streams: Record<string, string[]> = {};
  const childDags: Record<string, string[]> = {};
  const data: ExecutionResults['data'] = [];
  for (const task of tasks) {
    streams[task.taskId] = context.plan.outgoing(task, childCount).filter((id) => tasks.some((candidate) => candidate.taskId === id));
    if (task.run) (childDags[task.run] ??= []).push(task.taskId);
    const node = context.plan.node(task.nodeId);
    const signature = node.processVersion ? context.versions.get(node.processVersion)?.signature : undefined;
    for (const [key, value] of Object.entries(task.outputs ?? {})) {
      if (node.kind === 'dynamic-list-splitter') continue;
      const declared = signature?.outputs.find((port) => port.name === key);
      const type = declared?.dataType.toLowerCase() ?? 'json';
      data.push({
        task_id: task.taskId,
        key,
        value: asUrl(value, executionDir, context.execution.id),
        type,
        type_label: context.dataTypeLabels.get(type) ?? type,
        label: key,
      });
    }
  }
  return {
    info: { data: { streams } },
    tasks: tasks.map((task) => ({
      task_id: task.taskId,
      task_label: task.label,
      state: task.state as TaskState,
      start_date: task.startDate?.toISOString() ?? null,
      end_date: task.endDate?.toISOString() ?? null,
      try_number: task.tryNumber,
      run: task.run,
      ...(task.state === 'queued' && task.statusMessage ? { status_message: task.statusMessage } : {}),
    })),
    data,
    ...(Object.keys(childDags).length > 0 ? { child_dags: childDags } : {}),
    ...(error ? { error } : {}),
  };
}

function asUrl(value: unknown, executionDir: string | null, executionId: number): unknown {
  if (typeof value !== 'string' || !executionDir || !path.isAbsolute(value)) return value;
  const relative = path.relative(executionDir, value);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return value;
  return datastoreUrl(executionId, relative);
}
