import { validateWorkflowGraph, workflowGraphSchema, type WorkflowGraph } from '@asb/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../app-context.js';
import { HttpError } from '../../platform/http/errors.js';
import { loadGraphVersions, resolverOf } from './workflow-versions.js';
import { guardedMatch } from '../../platform/pattern-guard.js';

/**
 * Checks a graph the principal saves (docs/workflows.md): 400 with one JSON:API error per
 * problem, pointing under /data/attributes/graph, so the editor can show each one.
 */
export async function checkedGraph(ctx: AppContext, principal: Principal, input: unknown): Promise<WorkflowGraph> {
  const graph = workflowGraphSchema.parse(input);
  const versions = await loadGraphVersions(ctx, principal, graph);
  const problems = validateWorkflowGraph(graph, resolverOf(versions), guardedMatch);
  if (problems.length > 0) {
    throw new HttpError(400, {
      errors: problems.map((problem) => ({
        status: '400',
        title: 'Invalid workflow',
        detail: problem.message,
        source: { pointer: `/data/attributes${problem.pointer}` },
      })),
    });
  }
  return graph;
}

/** JSON with sorted keys: graphs compare equal whatever key order the database returns. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );
}
