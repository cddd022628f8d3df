import {
  graphPorts,
  parseWorkflowDescription,
  workflowInputGroups,
  type OgcInputDescription,
  type OgcOutputDescription,
  type WorkflowGraph,
  type WorkflowInputItem,
} from '@asb/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { Principal } from '../../platform/auth/principal.js';
import { ResourceService } from '../../platform/resources/resource.service.js';
import { dataTypeLabels, loadGraphVersions, resolverOf, type WorkflowRow } from '../knowledge/workflow-versions.js';
import { workflowsResource } from '../knowledge/workflows.resource.js';
import { workflows } from '../knowledge/workflows.schema.js';
import { dataTypeSchema, workflowInputSchema } from './json-schemas.js';

/** The workflows a principal may execute (they see it, it is not archived, it has something to run), oldest first. */
export async function executableWorkflows(ctx: AppContext, principal: Principal): Promise<WorkflowRow[]> {
  const visible = new ResourceService(workflowsResource, ctx).visibility(principal);
  const rows = await ctx.db
    .select()
    .from(workflows)
    .where(and(visible, eq(workflows.isArchived, false)))
    .orderBy(asc(workflows.createdAt), asc(workflows.id));
  return rows.filter((row) => row.graph.nodes.length > 0);
}

export function workflowDescription(workflow: WorkflowRow): string {
  return workflow.shortDescription || parseWorkflowDescription(workflow.description).description;
}

/** One input a client fills: its node and name in the workflow. */
interface WorkflowInputRef {
  nodeId: string;
  item: WorkflowInputItem;
}

/** One output: the node (task) and the key its process writes. */
export interface WorkflowOutputRef {
  nodeId: string;
  key: string;
}

export interface WorkflowSignature {
  /** by OGC input id; also reachable as `{node}.{identifier}` (byQualified) */
  inputs: Map<string, WorkflowInputRef>;
  byQualified: Map<string, string>;
  outputs: Map<string, WorkflowOutputRef>;
  ogcInputs: Record<string, OgcInputDescription>;
  ogcOutputs: Record<string, OgcOutputDescription>;
}

/** Ids of named things: the bare name when it is unique in the workflow, else `{node}.{name}`. */
function idsOf<T extends { nodeId: string; name: string }>(entries: T[]): Map<string, T> {
  const counts = new Map<string, number>();
  for (const entry of entries) counts.set(entry.name, (counts.get(entry.name) ?? 0) + 1);
  return new Map(entries.map((entry) => [counts.get(entry.name) === 1 ? entry.name : `${entry.nodeId}.${entry.name}`, entry]));
}

/**
 * A workflow version as a process signature (docs/ogcapi.md)
 *: the inputs its execute form shows (visible and editable; the others
 * take the workflow's value) and the outputs of its nodes.
 */
export async function workflowSignature(ctx: AppContext, graph: WorkflowGraph): Promise<WorkflowSignature> {
  const resolve = resolverOf(await loadGraphVersions(ctx, null, graph));
  const labels = await dataTypeLabels(ctx.db);
  const groups = workflowInputGroups(graph, resolve, (identifier) => labels.get(identifier.toLowerCase()));
  const inputEntries = groups.flatMap((group) =>
    group.items.filter((item) => item.userVisible && item.userEditable).map((item) => ({ nodeId: group.node_id, name: item.identifier, item })),
  );
  const inputs = new Map<string, WorkflowInputRef>();
  const byQualified = new Map<string, string>();
  const ogcInputs: Record<string, OgcInputDescription> = {};
  for (const [id, entry] of idsOf(inputEntries)) {
    inputs.set(id, { nodeId: entry.nodeId, item: entry.item });
    byQualified.set(`${entry.nodeId}.${entry.name}`, id);
    ogcInputs[id] = {
      title: entry.item.label,
      description: entry.item.description || entry.item.doc,
      minOccurs: entry.item.defaultValue === null ? 1 : 0,
      maxOccurs: 1,
      schema: workflowInputSchema(entry.item),
    };
  }
  const ports = graphPorts(graph, resolve);
  const outputEntries = graph.nodes.flatMap((node) => (ports.get(node.id)?.outputs ?? []).map((port) => ({ nodeId: node.id, name: port.name, port })));
  const outputs = new Map<string, WorkflowOutputRef>();
  const ogcOutputs: Record<string, OgcOutputDescription> = {};
  for (const [id, entry] of idsOf(outputEntries)) {
    outputs.set(id, { nodeId: entry.nodeId, key: entry.name });
    ogcOutputs[id] = {
      title: entry.name,
      description: entry.port.description ?? '',
      schema: { ...dataTypeSchema(entry.port.dataType), 'x-asb-data-type': labels.get(entry.port.dataType.toLowerCase()) ?? entry.port.dataType },
    };
  }
  return { inputs, byQualified, outputs, ogcInputs, ogcOutputs };
}
