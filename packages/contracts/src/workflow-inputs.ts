import { z } from 'zod';
import { processInputConstraintsShape } from './input-constraints.js';
import { inputConstraintsSchema, type WorkflowGraph } from './workflows.js';
import { effectiveDefault, graphPorts, type VersionResolver } from './workflow-validation.js';

/**
 * The inputs of a workflow (spec 1 §3 Workflow input): every node input that no edge
 * feeds, with its per-node settings applied. The execute form shows one widget per
 * item; the server checks an execution's values against the same list.
 */
export const workflowInputItemSchema = z.object({
  /** the input's name in the process signature */
  identifier: z.string(),
  label: z.string(),
  defaultValue: z.string().nullable(),
  userVisible: z.boolean(),
  userEditable: z.boolean(),
  /** identifier and label of the data type the form uses (the setting's narrowing, else the declared one) */
  dataType: z.object({ identifier: z.string(), label: z.string() }),
  doc: z.string(),
  description: z.string(),
  /** the workflow's own (enum, labels, encryption) and those the process input declares, which win */
  constraints: inputConstraintsSchema.extend(processInputConstraintsShape),
});
export type WorkflowInputItem = z.infer<typeof workflowInputItemSchema>;

export const workflowInputGroupSchema = z.object({
  node_id: z.string(),
  /** the node's label, else its process version */
  label: z.string(),
  items: z.array(workflowInputItemSchema),
});
export type WorkflowInputGroup = z.infer<typeof workflowInputGroupSchema>;

/** Data type identifier -> label; unknown identifiers show as they are. */
export type DataTypeLabels = (identifier: string) => string | undefined;

export function workflowInputGroups(graph: WorkflowGraph, resolve: VersionResolver, labels: DataTypeLabels = () => undefined): WorkflowInputGroup[] {
  const ports = graphPorts(graph, resolve);
  const fed = new Set(graph.edges.map((edge) => `${edge.target}.${edge.targetInput}`));
  const groups: WorkflowInputGroup[] = [];
  for (const node of graph.nodes) {
    const items: WorkflowInputItem[] = [];
    for (const port of ports.get(node.id)?.inputs ?? []) {
      if (fed.has(`${node.id}.${port.name}`)) continue;
      const settings = node.inputs[port.name] ?? {};
      const dataType = settings.dataType ?? port.dataType;
      items.push({
        identifier: port.name,
        label: settings.label || port.name,
        defaultValue: effectiveDefault(settings.defaultValue, port.default),
        userVisible: settings.userVisible ?? true,
        userEditable: settings.userEditable ?? true,
        dataType: { identifier: dataType, label: labels(dataType) ?? dataType },
        doc: settings.doc ?? '',
        description: settings.description ?? port.description ?? '',
        constraints: { ...settings.constraints, ...port.constraints },
      });
    }
    if (items.length > 0) groups.push({ node_id: node.id, label: node.label || node.processVersion || node.id, items });
  }
  return groups;
}

/** A password input: its value is encrypted in the browser with the keystore's public key. */
export function isEncryptedInput(item: Pick<WorkflowInputItem, 'dataType' | 'constraints'>): boolean {
  return item.dataType.identifier === 'password' || item.constraints.enc_method !== undefined;
}
