import type { ExecutionResults } from '../execution-results.js';
import { reportResults } from './report-results.js';
import { taskStateColor } from './task-state-display.js';

/** The task dependency graph: one node per task (child-run tasks included), one edge per stream. */
export interface ReportTaskGraph {
  nodes: { id: string; state: string; color: string }[];
  edges: { source: string; target: string }[];
}

/**
 * The task dependency graph from executionResults.info.data.streams (each task's
 * downstream task ids), with the tasks of a dynamic-list-splitter's child runs
 * (child_dags) as nodes of their own. A task named only by a stream or a run, not
 * in the tasks list, shows as 'no_status'.
 */
export function executionTaskGraph(executionResults: ExecutionResults | null | undefined): ReportTaskGraph {
  const results = reportResults(executionResults);
  const states = new Map<string, string>();
  for (const task of results.tasks) states.set(task.task_id, task.state);
  const mentioned = [...Object.entries(results.streams).flatMap(([source, targets]) => [source, ...targets]), ...Object.values(results.childDags).flat()];
  for (const id of mentioned) if (!states.has(id)) states.set(id, 'no_status');
  const seen = new Set<string>();
  const edges: ReportTaskGraph['edges'] = [];
  for (const [source, targets] of Object.entries(results.streams)) {
    for (const target of targets) {
      const key = JSON.stringify([source, target]);
      if (source === target || seen.has(key)) continue;
      seen.add(key);
      edges.push({ source, target });
    }
  }
  return { nodes: [...states].map(([id, state]) => ({ id, state, color: taskStateColor(state) })), edges };
}
