import { topologicalOrder, type WorkflowGraph, type WorkflowNode } from '@asb/contracts';

/**
 * How a pinned graph becomes tasks (docs/engine.md). The main DAG holds every node that is
 * not downstream of a dynamic-list-splitter; the splitter's downstream sub-graph runs once
 * per list item as a child run '{splitter}[{i}]' whose task ids are '{node}[{i}]'.
 */
export interface TaskSpec {
  taskId: string;
  nodeId: string;
  run: string;
  itemIndex: number | null;
}

export class DagPlan {
  readonly order: string[];
  private readonly nodes = new Map<string, WorkflowNode>();
  /** splitter id -> node ids downstream of it */
  private readonly fanned = new Map<string, Set<string>>();
  /** node id -> the splitter whose child runs hold it */
  private readonly ownerSplitter = new Map<string, string>();

  constructor(readonly graph: WorkflowGraph) {
    this.order = topologicalOrder(graph);
    for (const node of graph.nodes) this.nodes.set(node.id, node);
    for (const node of graph.nodes.filter((candidate) => candidate.kind === 'dynamic-list-splitter')) {
      const below = this.downstreamOf(node.id);
      this.fanned.set(node.id, below);
      for (const id of below) {
        if (this.ownerSplitter.has(id) || this.nodes.get(id)?.kind === 'dynamic-list-splitter') {
          throw new Error(`Node ${id} is downstream of more than one dynamic-list-splitter: nested fan-outs are not supported.`);
        }
        this.ownerSplitter.set(id, node.id);
      }
    }
  }

  node(id: string): WorkflowNode {
    const node = this.nodes.get(id);
    if (!node) throw new Error(`No node ${id} in the workflow.`);
    return node;
  }

  private downstreamOf(id: string): Set<string> {
    const found = new Set<string>();
    const stack = [id];
    while (stack.length > 0) {
      const current = stack.pop()!;
      for (const edge of this.graph.edges) {
        if (edge.source === current && !found.has(edge.target)) {
          found.add(edge.target);
          stack.push(edge.target);
        }
      }
    }
    return found;
  }

  /** The tasks that exist from the start: the main DAG, in topological order. */
  mainTasks(): TaskSpec[] {
    return this.order.filter((id) => !this.ownerSplitter.has(id)).map((nodeId) => ({ taskId: nodeId, nodeId, run: '', itemIndex: null }));
  }

  /** The tasks of the splitter's child runs for `count` items. */
  childTasks(splitterId: string, count: number): TaskSpec[] {
    const below = this.fanned.get(splitterId) ?? new Set<string>();
    const ordered = this.order.filter((id) => below.has(id));
    const specs: TaskSpec[] = [];
    for (let index = 0; index < count; index++) {
      for (const nodeId of ordered) specs.push({ taskId: `${nodeId}[${index}]`, nodeId, run: `${splitterId}[${index}]`, itemIndex: index });
    }
    return specs;
  }

  /** Edges into a task: each with the task id of its source in the same run or in the main DAG. */
  incoming(task: Pick<TaskSpec, 'nodeId' | 'itemIndex'>): { sourceTaskId: string; sourceOutput: string; targetInput: string; sourceNodeId: string }[] {
    const splitter = this.ownerSplitter.get(task.nodeId);
    return this.graph.edges
      .filter((edge) => edge.target === task.nodeId)
      .map((edge) => {
        const sameRun = splitter !== undefined && this.ownerSplitter.get(edge.source) === splitter;
        return {
          sourceTaskId: sameRun ? `${edge.source}[${task.itemIndex}]` : edge.source,
          sourceNodeId: edge.source,
          sourceOutput: edge.sourceOutput,
          targetInput: edge.targetInput,
        };
      });
  }

  /** Downstream task ids of a task (the report's streams). */
  outgoing(task: Pick<TaskSpec, 'nodeId' | 'itemIndex'>, childCount: (splitterId: string) => number): string[] {
    const targets: string[] = [];
    for (const edge of this.graph.edges.filter((candidate) => candidate.source === task.nodeId)) {
      const targetSplitter = this.ownerSplitter.get(edge.target);
      if (targetSplitter === undefined) targets.push(edge.target);
      else if (task.itemIndex !== null && this.ownerSplitter.get(task.nodeId) === targetSplitter) targets.push(`${edge.target}[${task.itemIndex}]`);
      else for (let index = 0; index < childCount(targetSplitter); index++) targets.push(`${edge.target}[${index}]`);
    }
    return targets;
  }
}

/** The list a splitter fans out: a JSON array, a JSON text of one, or comma/newline separated text. */
export function splitItems(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value === null || value === undefined) return [];
  const text = String(value).trim();
  if (text === '') return [];
  if (text.startsWith('[')) {
    try {
      const parsed = JSON.parse(text) as unknown;
      if (Array.isArray(parsed)) return parsed;
    } catch {
      // not JSON: read as separated text below
    }
  }
  return text
    .split(/[\n,]/)
    .map((item) => item.trim())
    .filter(Boolean);
}
