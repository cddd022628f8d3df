import { isDataTypeCompatible } from './data-type-compatibility.js';
import { constraintError, matchesPattern, relationErrors, type PatternMatcher } from './input-constraints.js';
import type { ProcessSignature } from './processes.js';
import { nodePorts, type NodePorts, type WorkflowGraph, type WorkflowNode } from './workflows.js';

/** One problem of a graph: where (a JSON pointer under the graph) and what, in words a user reads. */
export interface WorkflowProblem {
  pointer: string;
  message: string;
}

/** What the validator knows of a process version a node names. */
export interface ResolvedVersion {
  signature: ProcessSignature;
}
export type VersionResolver = (identifier: string) => ResolvedVersion | undefined;

export function nodeName(node: WorkflowNode): string {
  return node.label ? `${node.label} (${node.id})` : node.id;
}

/** The ports of every node the resolver knows, by node id. */
export function graphPorts(graph: WorkflowGraph, resolve: VersionResolver): Map<string, NodePorts> {
  const ports = new Map<string, NodePorts>();
  for (const node of graph.nodes) {
    const signature = node.processVersion ? resolve(node.processVersion)?.signature : undefined;
    const found = nodePorts(node, signature);
    if (found) ports.set(node.id, found);
  }
  return ports;
}

/** A value comes from the settings' default or else the signature's default. */
export function effectiveDefault(settingsDefault: string | null | undefined, signatureDefault: unknown): string | null {
  if (settingsDefault !== undefined && settingsDefault !== null && settingsDefault !== '') return settingsDefault;
  if (signatureDefault === undefined || signatureDefault === null || signatureDefault === '') return null;
  return String(signatureDefault);
}

/**
 * Checks a graph against the process versions it names (docs/workflows.md): unique node
 * ids, released versions, edges between existing ports with compatible data types, at
 * most one edge per input, no cycle, and every unconnected input able to get a value
 * (a default, or the user fills it in the execute form), and every default value within
 * what its process input accepts (minimum, maximum, pattern, allowed values, `less_than`).
 * Returns every problem found. `matches`: the server passes a pattern matcher a hostile
 * pattern cannot hold up.
 */
export function validateWorkflowGraph(graph: WorkflowGraph, resolve: VersionResolver, matches: PatternMatcher = matchesPattern): WorkflowProblem[] {
  const problems: WorkflowProblem[] = [];
  const byId = new Map<string, WorkflowNode>();
  graph.nodes.forEach((node, index) => {
    const at = `/graph/nodes/${index}`;
    if (byId.has(node.id)) problems.push({ pointer: `${at}/id`, message: `Node id "${node.id}" is used twice.` });
    byId.set(node.id, node);
    if (node.kind === 'process') {
      if (!node.processVersion) problems.push({ pointer: `${at}/processVersion`, message: `Node ${nodeName(node)} names no process version.` });
      else if (!resolve(node.processVersion))
        problems.push({
          pointer: `${at}/processVersion`,
          message: `Node ${nodeName(node)}: process version "${node.processVersion}" does not exist, is not released or is not visible to you.`,
        });
    }
  });
  const ports = graphPorts(graph, resolve);

  const connected = new Set<string>();
  graph.edges.forEach((edge, index) => {
    const at = `/graph/edges/${index}`;
    const label = `Connection ${edge.source}.${edge.sourceOutput} → ${edge.target}.${edge.targetInput}`;
    const source = byId.get(edge.source);
    const target = byId.get(edge.target);
    if (!source || !target) {
      problems.push({ pointer: at, message: `${label}: node "${!source ? edge.source : edge.target}" does not exist.` });
      return;
    }
    if (edge.source === edge.target) {
      problems.push({ pointer: at, message: `${label}: a node cannot feed itself.` });
      return;
    }
    const output = ports.get(edge.source)?.outputs.find((port) => port.name === edge.sourceOutput);
    const input = ports.get(edge.target)?.inputs.find((port) => port.name === edge.targetInput);
    if (ports.has(edge.source) && !output)
      problems.push({ pointer: `${at}/sourceOutput`, message: `${label}: node ${nodeName(source)} has no output "${edge.sourceOutput}".` });
    if (ports.has(edge.target) && !input)
      problems.push({ pointer: `${at}/targetInput`, message: `${label}: node ${nodeName(target)} has no input "${edge.targetInput}".` });
    if (output && input && !isDataTypeCompatible(output.dataType, input.dataType))
      problems.push({ pointer: at, message: `${label}: the output's data type ${output.dataType} does not match the input's data type ${input.dataType}.` });
    const inputKey = `${edge.target}.${edge.targetInput}`;
    if (connected.has(inputKey)) problems.push({ pointer: at, message: `Input ${inputKey} is connected more than once.` });
    connected.add(inputKey);
  });

  const cycle = findCycle(graph);
  if (cycle) problems.push({ pointer: '/graph/edges', message: `The workflow has a cycle: ${cycle.join(' → ')}.` });

  graph.nodes.forEach((node, index) => {
    const nodePortsFound = ports.get(node.id);
    if (!nodePortsFound) return;
    for (const name of Object.keys(node.inputs)) {
      if (!nodePortsFound.inputs.some((port) => port.name === name))
        problems.push({ pointer: `/graph/nodes/${index}/inputs/${name}`, message: `Node ${nodeName(node)} has settings for an unknown input "${name}".` });
    }
    for (const port of nodePortsFound.inputs) {
      if (connected.has(`${node.id}.${port.name}`)) continue;
      const settings = node.inputs[port.name] ?? {};
      const at = `/graph/nodes/${index}/inputs/${port.name}`;
      const fillable = (settings.userVisible ?? true) && (settings.userEditable ?? true);
      const value = effectiveDefault(settings.defaultValue, port.default);
      if (!fillable && value === null)
        problems.push({
          pointer: at,
          message: `Input ${node.id}.${port.name} has no connection, no default value and is not editable by the user: it could never get a value.`,
        });
      if (settings.dataType && !isDataTypeCompatible(settings.dataType, port.dataType))
        problems.push({
          pointer: `${at}/dataType`,
          message: `Input ${node.id}.${port.name} is declared ${port.dataType}: it cannot be shown as ${settings.dataType}.`,
        });
      const constraints = settings.constraints;
      if (constraints?.enum_labels && (!constraints.enum || constraints.enum_labels.length !== constraints.enum.length))
        problems.push({ pointer: `${at}/constraints/enum_labels`, message: `Input ${node.id}.${port.name}: give one label per choice.` });
      if (constraints?.enum && value !== null && !constraints.enum.includes(value))
        problems.push({ pointer: `${at}/defaultValue`, message: `Input ${node.id}.${port.name}: the default value is not one of the choices.` });
      const accepted = port.constraints;
      if (accepted && value !== null) {
        const error =
          accepted.enum && !accepted.enum.includes(value)
            ? `the default value must be one of ${accepted.enum.join(', ')}.`
            : constraintError('the default value', accepted, value, matches);
        if (error) problems.push({ pointer: `${at}/defaultValue`, message: `Input ${node.id}.${port.name}: ${error}` });
      }
    }
    problems.push(...defaultRelationProblems(node, index, nodePortsFound, connected));
  });
  return problems;
}

/** `less_than` between two unconnected inputs of a node whose defaults are both set: west's default below east's. */
function defaultRelationProblems(node: WorkflowNode, index: number, ports: NodePorts, connected: Set<string>): WorkflowProblem[] {
  const items = ports.inputs
    .filter((port) => !connected.has(`${node.id}.${port.name}`))
    .map((port) => ({
      identifier: port.name,
      label: `the default of ${port.name}`,
      constraints: { less_than: port.constraints?.less_than },
      value: effectiveDefault(node.inputs[port.name]?.defaultValue, port.default),
    }));
  return [...relationErrors(items, (item) => item.value)].map(([name, error]) => ({
    pointer: `/graph/nodes/${index}/inputs/${name}/defaultValue`,
    message: `Input ${node.id}.${name}: ${error.charAt(0).toUpperCase()}${error.slice(1)}`,
  }));
}

/** A cycle as a list of node ids (first repeated at the end), or undefined. */
export function findCycle(graph: WorkflowGraph): string[] | undefined {
  const next = new Map<string, string[]>();
  for (const edge of graph.edges) next.set(edge.source, [...(next.get(edge.source) ?? []), edge.target]);
  const state = new Map<string, 'visiting' | 'done'>();
  const path: string[] = [];
  const visit = (id: string): string[] | undefined => {
    if (state.get(id) === 'done') return undefined;
    if (state.get(id) === 'visiting') return [...path.slice(path.indexOf(id)), id];
    state.set(id, 'visiting');
    path.push(id);
    for (const target of next.get(id) ?? []) {
      const found = visit(target);
      if (found) return found;
    }
    path.pop();
    state.set(id, 'done');
    return undefined;
  };
  for (const node of graph.nodes) {
    const found = visit(node.id);
    if (found) return found;
  }
  return undefined;
}

/** Node ids in an order where every node comes after the nodes that feed it (the graph must be acyclic). */
export function topologicalOrder(graph: WorkflowGraph): string[] {
  const indegree = new Map(graph.nodes.map((node) => [node.id, 0]));
  for (const edge of graph.edges) indegree.set(edge.target, (indegree.get(edge.target) ?? 0) + 1);
  const ready = graph.nodes.filter((node) => indegree.get(node.id) === 0).map((node) => node.id);
  const order: string[] = [];
  while (ready.length > 0) {
    const id = ready.shift()!;
    order.push(id);
    for (const edge of graph.edges.filter((candidate) => candidate.source === id)) {
      const left = (indegree.get(edge.target) ?? 0) - 1;
      indegree.set(edge.target, left);
      if (left === 0) ready.push(edge.target);
    }
  }
  return order;
}
