import { findCycle, isDataTypeCompatible, type NodePorts, type WorkflowEdge, type WorkflowGraph } from '@asb/contracts';

/** A connection as xyflow reports it: handle ids are port names (outputs on sources, inputs on targets). */
export interface HandleConnection {
  source: string;
  sourceHandle?: string | null;
  target: string;
  targetHandle?: string | null;
}

export function toWorkflowEdge(connection: HandleConnection): WorkflowEdge | undefined {
  if (!connection.sourceHandle || !connection.targetHandle) return undefined;
  return { source: connection.source, sourceOutput: connection.sourceHandle, target: connection.target, targetInput: connection.targetHandle };
}

/**
 * Why a connection may not be made, in words a user reads, or undefined when it may:
 * output to input of another node, compatible data types, one edge per input, no cycle.
 */
export function connectionProblem(graph: WorkflowGraph, ports: ReadonlyMap<string, NodePorts>, connection: HandleConnection): string | undefined {
  const edge = toWorkflowEdge(connection);
  if (!edge) return 'Connect an output (right side of a node) to an input (left side of another node).';
  if (edge.source === edge.target) return 'A node cannot feed itself.';
  const output = ports.get(edge.source)?.outputs.find((port) => port.name === edge.sourceOutput);
  const input = ports.get(edge.target)?.inputs.find((port) => port.name === edge.targetInput);
  if (!output || !input) return 'The ports of this node are not known yet.';
  if (!isDataTypeCompatible(output.dataType, input.dataType))
    return `Output "${output.name}" (${output.dataType}) cannot feed input "${input.name}" (${input.dataType}): the data types do not match.`;
  const existing = graph.edges.find((other) => other.target === edge.target && other.targetInput === edge.targetInput);
  if (existing) return `Input "${input.name}" of ${edge.target} is already fed by ${existing.source}.${existing.sourceOutput}: delete that connection first.`;
  const cycle = findCycle({ ...graph, edges: [...graph.edges, edge] });
  if (cycle) return `This connection would make a cycle: ${cycle.join(' → ')}.`;
  return undefined;
}

/** The connection of a drag that started on either kind of handle, turned output → input. */
export function orientedConnection(
  from: { nodeId: string; id?: string | null; type: 'source' | 'target' },
  to: { nodeId: string; id?: string | null; type: 'source' | 'target' },
): HandleConnection | undefined {
  if (from.type === to.type) return undefined;
  const [source, target] = from.type === 'source' ? [from, to] : [to, from];
  return { source: source.nodeId, sourceHandle: source.id ?? null, target: target.nodeId, targetHandle: target.id ?? null };
}
