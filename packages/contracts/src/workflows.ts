import { z } from 'zod';
import type { BaseAttributes } from './jsonapi.js';
import { processInputConstraintsSchema } from './input-constraints.js';
import { LIST_DATA_TYPES, LIST_ITEM_TYPES, type ListDataType } from './data-type-compatibility.js';
import type { ProcessSignature } from './processes.js';

/**
 * The workflow model shared by the editor, the server and the engine (docs/workflows.md).
 * A workflow version holds one graph: nodes (released process versions, or the built-in
 * dynamic-list-splitter) and edges from an output of one node to an input of another.
 */

export const WORKFLOW_NODE_KINDS = ['process', 'dynamic-list-splitter'] as const;
export type WorkflowNodeKind = (typeof WORKFLOW_NODE_KINDS)[number];

/** The splitter's ports: it takes a list and runs the downstream sub-graph once per item. */
export const SPLITTER_INPUT = 'items';
export const SPLITTER_OUTPUT = 'item';
export const DEFAULT_SPLITTER_LIST_TYPE: ListDataType = 'list-string';

export const MAX_WORKFLOW_NODES = 200;
export const MAX_WORKFLOW_EDGES = 1000;
export const NODE_ID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,62}$/;

/** Spec 1 §3 Workflow input constraints. RSA means RSA-OAEP and SHA means SHA-256 (spec 1 §5). */
export const inputConstraintsSchema = z
  .object({
    enum: z.array(z.string().max(500)).max(500).optional(),
    enum_labels: z.array(z.string().max(500)).max(500).optional(),
    enc_method: z.literal('RSA').optional(),
    enc_hash_function: z.literal('SHA').optional(),
    /** set by the server for password inputs: the keystore's public key (SPKI, base64) */
    enc_public_key: z.string().max(5000).optional(),
  })
  .strict();
export type InputConstraints = z.infer<typeof inputConstraintsSchema>;

/** Spec 1 §3 per-input custom settings of one node input. */
export const nodeInputSettingsSchema = z
  .object({
    label: z.string().trim().max(200).optional(),
    defaultValue: z.string().max(10_000).nullable().optional(),
    userVisible: z.boolean().optional(),
    userEditable: z.boolean().optional(),
    /** narrows the declared type for the execute form (e.g. string -> latitude); must be compatible with it */
    dataType: z.string().max(100).optional(),
    doc: z.string().max(2_000).optional(),
    description: z.string().max(10_000).optional(),
    constraints: inputConstraintsSchema.optional(),
  })
  .strict();
export type NodeInputSettings = z.infer<typeof nodeInputSettingsSchema>;

export const workflowNodeSchema = z
  .object({
    id: z.string().regex(NODE_ID_PATTERN, { message: 'Use 1 to 63 lowercase letters, digits, hyphens and underscores.' }),
    kind: z.enum(WORKFLOW_NODE_KINDS).default('process'),
    /** identifier of a released process version, `{process}:{value}` (kind process) */
    processVersion: z.string().max(300).optional(),
    label: z.string().trim().max(200).optional(),
    position: z.object({ x: z.number().finite(), y: z.number().finite() }).default({ x: 0, y: 0 }),
    inputs: z.record(z.string(), nodeInputSettingsSchema).default({}),
    /** the list type a dynamic-list-splitter takes */
    listType: z.enum(LIST_DATA_TYPES as [ListDataType, ...ListDataType[]]).optional(),
  })
  .strict();
export type WorkflowNode = z.infer<typeof workflowNodeSchema>;

export const workflowEdgeSchema = z
  .object({
    source: z.string(),
    sourceOutput: z.string(),
    target: z.string(),
    targetInput: z.string(),
  })
  .strict();
export type WorkflowEdge = z.infer<typeof workflowEdgeSchema>;

export const workflowGraphSchema = z
  .object({
    nodes: z.array(workflowNodeSchema).max(MAX_WORKFLOW_NODES).default([]),
    edges: z.array(workflowEdgeSchema).max(MAX_WORKFLOW_EDGES).default([]),
  })
  .strict();
export type WorkflowGraph = z.infer<typeof workflowGraphSchema>;

export const EMPTY_GRAPH: WorkflowGraph = { nodes: [], edges: [] };

/** Spec 1 §3 workflowExecutionOrder workflow dag-type. */
export type DagType = 'standard' | 'dynamic-list-splitter';

export function dagTypeOf(graph: WorkflowGraph): DagType {
  return graph.nodes.some((node) => node.kind === 'dynamic-list-splitter') ? 'dynamic-list-splitter' : 'standard';
}

export function edgeKey(edge: WorkflowEdge): string {
  return `${edge.source}.${edge.sourceOutput}->${edge.target}.${edge.targetInput}`;
}

/** A port of a node as the editor draws it and the validator checks it. */
export const nodePortSchema = z.object({
  name: z.string(),
  dataType: z.string(),
  default: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
  description: z.string().optional(),
  constraints: processInputConstraintsSchema.optional(),
});
export type NodePort = z.infer<typeof nodePortSchema>;
export const nodePortsSchema = z.object({ inputs: z.array(nodePortSchema), outputs: z.array(nodePortSchema) });
export type NodePorts = z.infer<typeof nodePortsSchema>;

/** The ports of a node: its process version's signature, or the splitter's fixed pair. */
export function nodePorts(node: WorkflowNode, signature: ProcessSignature | undefined): NodePorts | undefined {
  if (node.kind === 'dynamic-list-splitter') {
    const listType = node.listType ?? DEFAULT_SPLITTER_LIST_TYPE;
    return {
      inputs: [{ name: SPLITTER_INPUT, dataType: listType, description: 'The list to split: one child run per item.' }],
      outputs: [{ name: SPLITTER_OUTPUT, dataType: LIST_ITEM_TYPES[listType], description: 'One item of the list.' }],
    };
  }
  if (!signature) return undefined;
  return { inputs: signature.inputs, outputs: signature.outputs };
}

/** POST workflows: the name (identifier = slug derived from it unless given), an optional first graph. */
export const WORKFLOW_SLUG_PATTERN = /^[a-z0-9][a-z0-9_-]*$/;
export const createWorkflowSchema = z.object({
  label: z.string().trim().min(1).max(200),
  slug: z.string().trim().max(200).regex(WORKFLOW_SLUG_PATTERN, { message: 'Use lowercase letters, digits, hyphens and underscores only.' }).optional(),
  shortDescription: z.string().max(1_000).optional(),
  graph: workflowGraphSchema.optional(),
});
/** PATCH workflows/{id}: a changed graph is saved as a new version. */
export const updateWorkflowSchema = createWorkflowSchema.omit({ slug: true }).partial();

/** PATCH workflows/{id}/publish (spec 1 §7): description and thumbnail URL. */
export const publishWorkflowSchema = z.object({
  description: z.string().trim().min(1, { message: 'Describe the workflow for the Marketplace.' }).max(10_000),
  thumbnail_url: z
    .string()
    .trim()
    .max(2_000)
    .refine((value) => value === '' || /^https?:\/\//.test(value), { message: 'The thumbnail URL must begin with http:// or https://.' })
    .default(''),
});
export type PublishWorkflowPayload = z.infer<typeof publishWorkflowSchema>;

/** Spec 1 §3: description is JSON text holding description and thumbnail_url. */
export interface WorkflowPublication {
  description: string;
  thumbnail_url: string;
}
export function parseWorkflowDescription(text: string): WorkflowPublication {
  try {
    const parsed = JSON.parse(text) as Partial<WorkflowPublication>;
    return { description: String(parsed.description ?? ''), thumbnail_url: String(parsed.thumbnail_url ?? '') };
  } catch {
    return { description: text, thumbnail_url: '' };
  }
}

export const DAG_TYPES = ['standard', 'dynamic-list-splitter'] as const;

export const workflowAttributesSchema = z.object({
  shortDescription: z.string(),
  /** JSON text {description, thumbnail_url} (spec 1 §3) */
  description: z.string(),
  isPublished: z.boolean(),
  /** the current version number (1 for a new workflow) */
  version: z.number().int(),
  dagType: z.enum(DAG_TYPES),
  graph: workflowGraphSchema,
});
export type WorkflowAttributes = BaseAttributes & z.infer<typeof workflowAttributesSchema>;

/** GET workflows/{id}/versions: one saved version. */
export const workflowVersionSummarySchema = z.object({
  version: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string(),
  nodeCount: z.number().int(),
  edgeCount: z.number().int(),
  /** what it changed against the version before it (graphChanges), the code nodes run first */
  changes: z.array(z.string()),
});
export type WorkflowVersionSummary = z.infer<typeof workflowVersionSummarySchema>;
