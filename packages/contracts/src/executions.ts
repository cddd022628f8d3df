import { z } from 'zod';
import type { BaseAttributes } from './jsonapi.js';
import { MAX_WORKFLOW_NODES, type DagType } from './workflows.js';

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
export interface ExecutionInputValue {
  identifier: string;
  label: string;
  /** encrypted inputs keep the ciphertext: the clear text reaches only the task */
  value: string;
  user_visible: boolean;
  user_editable: boolean;
  description: string;
  data_type: string;
  encrypted?: boolean;
}
export interface ExecutionInputGroup {
  node_id: string;
  items: ExecutionInputValue[];
}

/** Spec 1 §3 workflowExecutionOrder: the tasks to run, pinned at creation. */
export interface WorkflowExecutionOrder {
  tasks: { task_slug_id: string; worker_selectors: Record<string, string>; identifier: string; version: string }[];
  workflow: { identifier: string; version: number; 'dag-type': DagType };
}

export interface ExecutionAttributes extends BaseAttributes {
  processorId: string;
  processorIdentifier: string;
  processorLabel: string;
  processorVersion: number;
  status: string;
  progress: number;
  inputs: ExecutionInputGroup[];
  executionResults: unknown;
  workflowExecutionOrder: WorkflowExecutionOrder;
  workflowExecutionId: string | null;
  schedule: { id: string; identifier: string } | null;
  datastore: string | null;
  startTime: string | null;
  endTime: string | null;
  /** seconds; null until both times are known */
  duration: number | null;
}

/** GET builder/v1/executions/execution_allowed?processor_id= (spec 1 §6). */
export interface ExecutionAllowed {
  allowed: boolean;
  reason?: string;
}
export const EXECUTION_NOT_ALLOWED = 'You are not allowed to execute this workflow. Please check your credit score on the Marketplace.';

/** POST builder/v1/executions/{id}/product-order: the EO products among the inputs (docs/workflows.md). */
export interface ProductOrder {
  executionId: string;
  status: 'nothing-to-order' | 'ordered';
  products: { node_id: string; identifier: string; value: string }[];
}

/** Spec 1 §8: 'Execute success notice: {identifier} successfully created or updated' (3 s). */
export function executeNotice(identifier: string): string {
  return `${identifier} successfully created or updated`;
}
