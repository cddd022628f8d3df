import type { WorkflowGraph, WorkflowNode } from './workflows.js';

const FIRST_VERSION_CHANGE = 'First version';

/** JSON with sorted keys: settings saved by different clients compare by value, not key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const runs = (node: WorkflowNode) => node.processVersion ?? node.kind;
const edgeKey = (edge: WorkflowGraph['edges'][number]) => `${edge.source}.${edge.sourceOutput}>${edge.target}.${edge.targetInput}`;

/**
 * What a saved version changed against the one before it, in words, for the version history. The
 * code a node runs comes first: it decides where a run's inputs, passwords included, go
 * (docs/security.md "Secrets in executions").
 */
export function graphChanges(before: WorkflowGraph | undefined, after: WorkflowGraph): string[] {
  if (!before) return [FIRST_VERSION_CHANGE];
  const previous = new Map(before.nodes.map((node) => [node.id, node]));
  const current = new Set(after.nodes.map((node) => node.id));
  const code: string[] = [];
  const other: string[] = [];
  for (const node of after.nodes) {
    const old = previous.get(node.id);
    if (!old) {
      code.push(`Added node "${node.id}" (${runs(node)})`);
      continue;
    }
    if (runs(old) !== runs(node)) code.push(`Node "${node.id}" runs ${runs(node)} instead of ${runs(old)}`);
    if (canonical(old.inputs) !== canonical(node.inputs) || old.listType !== node.listType) other.push(`Changed the inputs of node "${node.id}"`);
    if ((old.label ?? '') !== (node.label ?? '')) other.push(`Renamed node "${node.id}"`);
  }
  for (const node of before.nodes) if (!current.has(node.id)) code.push(`Removed node "${node.id}"`);
  const oldEdges = new Set(before.edges.map(edgeKey));
  const newEdges = new Set(after.edges.map(edgeKey));
  const added = [...newEdges].filter((key) => !oldEdges.has(key)).length;
  const removed = [...oldEdges].filter((key) => !newEdges.has(key)).length;
  if (added > 0) other.push(`Added ${added} connection${added === 1 ? '' : 's'}`);
  if (removed > 0) other.push(`Removed ${removed} connection${removed === 1 ? '' : 's'}`);
  const changes = [...code, ...other];
  return changes.length > 0 ? changes : ['Moved nodes'];
}
