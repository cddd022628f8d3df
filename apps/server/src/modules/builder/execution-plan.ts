import crypto from 'node:crypto';
import { dagTypeOf, topologicalOrder, type WorkflowExecutionOrder, type WorkflowGraph } from '@asb/contracts';
import type { ResolvedProcessVersion } from '../knowledge/workflow-versions.js';

/**
 * Spec 1 §3 workflowExecutionOrder, pinned at creation: one task per process node, in
 * an order where every task comes after the tasks feeding it, named by the released
 * process version it runs. The splitter is built into the engine: it is no task.
 */
export function executionOrder(
  workflow: { identifier: string },
  version: number,
  graph: WorkflowGraph,
  versions: Map<string, ResolvedProcessVersion>,
): WorkflowExecutionOrder {
  const byId = new Map(graph.nodes.map((node) => [node.id, node]));
  const tasks = topologicalOrder(graph).flatMap((id) => {
    const node = byId.get(id);
    const resolved = node?.kind === 'process' && node.processVersion ? versions.get(node.processVersion) : undefined;
    if (!resolved) return [];
    return [{ task_slug_id: id, worker_selectors: {}, identifier: resolved.processIdentifier, version: resolved.value }];
  });
  return { tasks, workflow: { identifier: workflow.identifier, version, 'dag-type': dagTypeOf(graph) } };
}

/**
 * A readable, unique execution identifier: `{workflow}-{YYYYMMDDHHmmss}-{4 hex}` (UTC).
 * The random part separates executions of one workflow in the same second; the
 * unique index catches the rare clash and the caller draws again.
 */
export function executionIdentifier(workflowIdentifier: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${workflowIdentifier}-${stamp}-${crypto.randomBytes(2).toString('hex')}`;
}
