import type { WorkflowGraph, WorkflowProblem } from '@asb/contracts';
import { ApiError } from '../../../app/api/http';

const SERVER_PREFIX = '/data/attributes';

/**
 * The graph problems of a refused save (400, one error per problem, pointer under
 * /data/attributes/graph/...), with pointers made relative like the local validator's.
 * Undefined when the error is not such a refusal.
 */
export function serverProblems(error: unknown): WorkflowProblem[] | undefined {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.body || typeof error.body !== 'object') return undefined;
  const errors = (error.body as { errors?: unknown }).errors;
  if (Array.isArray(errors) && errors.length > 0) {
    return (errors as { detail?: unknown; title?: unknown; source?: { pointer?: unknown } }[]).map((item) => {
      const pointer = typeof item.source?.pointer === 'string' ? item.source.pointer : '';
      return {
        pointer: pointer.startsWith(SERVER_PREFIX) ? pointer.slice(SERVER_PREFIX.length) : pointer,
        message: typeof item.detail === 'string' ? item.detail : typeof item.title === 'string' ? item.title : 'The workflow was refused.',
      };
    });
  }
  const detail = (error.body as { detail?: unknown }).detail;
  return typeof detail === 'string' ? [{ pointer: '', message: detail }] : undefined;
}

/** Ids of the nodes a problem points at: the node itself, or both ends of an edge. */
export function problemNodeIds(graph: WorkflowGraph, problems: readonly WorkflowProblem[]): Set<string> {
  const ids = new Set<string>();
  for (const problem of problems) {
    const node = /^\/graph\/nodes\/(\d+)/.exec(problem.pointer);
    if (node) {
      const found = graph.nodes[Number(node[1])];
      if (found) ids.add(found.id);
      continue;
    }
    const edge = /^\/graph\/edges\/(\d+)/.exec(problem.pointer);
    const found = edge ? graph.edges[Number(edge[1])] : undefined;
    if (found) {
      ids.add(found.source);
      ids.add(found.target);
    }
  }
  return ids;
}
