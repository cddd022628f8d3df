import { z } from 'zod';
import { executionFailureSchema, executionResultsSchema } from './execution-results.js';
import type { BaseAttributes } from './jsonapi.js';
import type { WorkflowInputItem } from './workflow-inputs.js';
import { DAG_TYPES, MAX_WORKFLOW_NODES } from './workflows.js';

/**
 * Execution statuses (spec 1 §4). POST executions creates one 'created'; PATCH
 * executions/{id}/execute hands it to the engine as 'pending'; the engine moves it on.
 */
export const EXECUTION_STATUSES = ['created', 'pending', 'running', 'success', 'failed', 'stopped'] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];

/** Spec 1 §3 execution payload: one item of an input group. Only identifier and value are read. */
export const executionInputItemSchema = z
  .object({
    identifier: z.string().min(1).max(200),
    value: z.string().max(100_000).nullable().optional(),
    label: z.string().optional(),
    description: z.string().optional(),
    user_visible: z.boolean().optional(),
    user_editable: z.boolean().optional(),
    data_type: z.string().optional(),
  })
  .passthrough();

export const executionInputGroupSchema = z.object({
  node_id: z.string().min(1).max(100),
  items: z.array(executionInputItemSchema).max(500),
});

/** POST builder/v1/executions (spec 1 §3 Execution payload). processor_version defaults to the current version. */
export const createExecutionSchema = z.object({
  processor_id: z.union([z.string().min(1), z.number().int().positive()]).transform(String),
  processor_version: z.number().int().positive().optional(),
  inputs: z.array(executionInputGroupSchema).max(MAX_WORKFLOW_NODES).default([]),
});
export type CreateExecutionPayload = z.input<typeof createExecutionSchema>;

/** An input value as the execution stores it and the report shows it (spec 1 §3 inputs). */
export const executionInputValueSchema = z.object({
  identifier: z.string(),
  label: z.string(),
  /** a password value is never served: '********' (docs/security.md) */
  value: z.string(),
  user_visible: z.boolean(),
  user_editable: z.boolean(),
  description: z.string(),
  data_type: z.string(),
  encrypted: z.boolean().optional(),
  /** a password input that names one of its owner's secrets: the tag (the value is `{{secret:tag}}`), resolved when the task starts */
  secret: z.string().optional(),
  /** an enum input's label of the value (constraints.enum_labels), kept at creation for the report */
  value_label: z.string().optional(),
});
export type ExecutionInputValue = z.infer<typeof executionInputValueSchema>;

/** A workflow input item with the value it takes, as the execute form sends it and the execution stores it. */
export function inputWithValue(item: WorkflowInputItem, value: string): ExecutionInputValue {
  return {
    identifier: item.identifier,
    label: item.label,
    value,
    user_visible: item.userVisible,
    user_editable: item.userEditable,
    description: item.description,
    data_type: item.dataType.identifier,
  };
}
export const executionInputGroupValueSchema = z.object({ node_id: z.string(), items: z.array(executionInputValueSchema) });
export type ExecutionInputGroup = z.infer<typeof executionInputGroupValueSchema>;

/** Spec 1 §3 workflowExecutionOrder: the tasks to run, pinned at creation. */
export const workflowExecutionOrderSchema = z.object({
  tasks: z.array(z.object({ task_slug_id: z.string(), worker_selectors: z.record(z.string(), z.string()), identifier: z.string(), version: z.string() })),
  workflow: z.object({ identifier: z.string(), version: z.number().int(), 'dag-type': z.enum(DAG_TYPES) }),
});
export type WorkflowExecutionOrder = z.infer<typeof workflowExecutionOrderSchema>;

/** How a running execution's end was estimated (docs/estimates.md): the plan of what is left. */
export const executionEstimateSchema = z.object({
  /** the earlier successful runs whose task durations gave the medians */
  basedOnRuns: z.number().int(),
  /** each task not ended yet: when it started or should start, and when it should end (ISO) */
  plannedTasks: z.array(z.object({ taskId: z.string(), plannedStart: z.string(), plannedEnd: z.string() })),
  /** the chain of tasks that decides the end, first to last */
  criticalPath: z.array(z.string()),
});
export type ExecutionEstimate = z.infer<typeof executionEstimateSchema>;

export const executionAttributesSchema = z.object({
  /** what it runs: a workflow (spec 1), a CWL application or a model (spec 3); /monitoring lists workflows, the admin every kind */
  kind: z.enum(['workflow', 'application', 'model']),
  processorId: z.string(),
  processorIdentifier: z.string(),
  processorLabel: z.string(),
  processorVersion: z.number().int(),
  status: z.string(),
  progress: z.number(),
  inputs: z.array(executionInputGroupValueSchema),
  /** null until the engine starts the execution */
  executionResults: executionResultsSchema.nullable(),
  workflowExecutionOrder: workflowExecutionOrderSchema,
  workflowExecutionId: z.string().nullable(),
  schedule: z.object({ id: z.string(), identifier: z.string() }).nullable(),
  /** where the files are as the user knows the datastore: an s3:// URL, or 'Local datastore: {owner}/executions/{identifier}/'; never a server path */
  datastore: z.string().nullable(),
  /** why it failed (status 'failed'); null otherwise */
  failure: executionFailureSchema.nullable(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  /** seconds; null until both times are known */
  duration: z.number().nullable(),
  /**
   * A running workflow execution only (docs/estimates.md): when it should end (ISO), from the
   * medians of earlier successful runs of its workflow version that the reader may view; null
   * without such a run. Absent for any other execution.
   */
  estimatedEnd: z.string().nullable().optional(),
  /** beside estimatedEnd on GET executions/{id} (not on list rows): how it was reached */
  estimate: executionEstimateSchema.nullable().optional(),
});
export type ExecutionAttributes = BaseAttributes & z.infer<typeof executionAttributesSchema>;

/**
 * A row of the execution list: what its page shows (the row, its failure line, the input
 * parameters of the expanded row, a running one's estimated end), not the results, the pinned
 * workflow order and the estimate's plan, which the report reads from GET executions/{id}.
 */
export const executionListAttributesSchema = executionAttributesSchema.omit({ executionResults: true, workflowExecutionOrder: true, estimate: true });
export type ExecutionListAttributes = BaseAttributes & z.infer<typeof executionListAttributesSchema>;

/** GET builder/v1/executions/execution_allowed?processor_id= (spec 1 §6). */
export const executionAllowedSchema = z.object({ allowed: z.boolean(), reason: z.string().optional() });
export type ExecutionAllowed = z.infer<typeof executionAllowedSchema>;
export const EXECUTION_NOT_ALLOWED = 'You are not allowed to execute this workflow. Please check your credit score on the Marketplace.';

/** POST builder/v1/executions/{id}/product-order: the EO products among the inputs (docs/workflows.md). */
export const productOrderSchema = z.object({
  executionId: z.string(),
  status: z.enum(['nothing-to-order', 'ordered']),
  products: z.array(z.object({ node_id: z.string(), identifier: z.string(), value: z.string() })),
});
export type ProductOrder = z.infer<typeof productOrderSchema>;

/** Spec 1 §8: 'Execute success notice: {identifier} successfully created or updated' (3 s). */
export function executeNotice(identifier: string): string {
  return `${identifier} successfully created or updated`;
}
