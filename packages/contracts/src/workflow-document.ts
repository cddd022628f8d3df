import { parse, stringify } from 'yaml';
import { z } from 'zod';
import { workflowGraphSchema, type WorkflowGraph } from './workflows.js';

/**
 * The export format of a workflow: a YAML document a person can read and diff, and that
 * imports back to the same graph (docs/workflows.md). JSON is valid YAML, so a JSON
 * export imports as well.
 */
export const WORKFLOW_DOCUMENT_KIND = 'asb/workflow';
export const WORKFLOW_DOCUMENT_VERSION = 1;

export const workflowDocumentSchema = z.object({
  kind: z.literal(WORKFLOW_DOCUMENT_KIND),
  version: z.literal(WORKFLOW_DOCUMENT_VERSION),
  label: z.string().trim().min(1).max(200),
  identifier: z.string().optional(),
  shortDescription: z.string().max(1_000).default(''),
  graph: workflowGraphSchema,
});
export type WorkflowDocument = z.infer<typeof workflowDocumentSchema>;

export function workflowDocumentText(workflow: { label: string; identifier?: string; shortDescription?: string; graph: WorkflowGraph }): string {
  const document: WorkflowDocument = {
    kind: WORKFLOW_DOCUMENT_KIND,
    version: WORKFLOW_DOCUMENT_VERSION,
    label: workflow.label,
    ...(workflow.identifier ? { identifier: workflow.identifier } : {}),
    shortDescription: workflow.shortDescription ?? '',
    graph: workflow.graph,
  };
  return stringify(document, { lineWidth: 0 });
}

export class WorkflowDocumentError extends Error {}

/** Reads an exported document; throws WorkflowDocumentError with a readable reason. */
export function parseWorkflowDocument(text: string): WorkflowDocument {
  let raw: unknown;
  try {
    raw = parse(text);
  } catch (error) {
    throw new WorkflowDocumentError(`The file is not valid YAML or JSON: ${(error as Error).message.split('\n')[0]}`);
  }
  const result = workflowDocumentSchema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    throw new WorkflowDocumentError(`The file is not an exported workflow${where}: ${issue?.message ?? 'unknown format'}.`);
  }
  return result.data;
}

export function workflowDocumentFileName(identifier: string): string {
  return `${identifier}.workflow.yaml`;
}
