import type { CreateExecutionPayload, ExecutionAllowed, ExecutionAttributes, Processor, ProductOrder, ResourceDocument } from '@asb/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/http';
import { BUILDER } from '../../executions/api/keys';
import { WORKFLOWS_KEY } from './keys';

/** GET knowledge/v1/processors/{id} (docs/workflows.md): a workflow version with its inputs. */
export type { Processor } from '@asb/contracts';

export type Execution = ResourceDocument<ExecutionAttributes>['data'];

const KEYSTORE = '/keystore/v1';

function processorKey(id: string) {
  return [...WORKFLOWS_KEY, 'processor', id] as const;
}

function fetchProcessor(id: string, signal?: AbortSignal): Promise<Processor> {
  return api('GET /knowledge/v1/processors/{id}', { params: { id }, signal, jsonApi: true }).then((document) => document.data);
}

/** The workflow's current version and its inputs, as the execute form shows them. */
export function useProcessor(id: string) {
  // '' while the id is not known yet (a schedule's workflow)
  return useQuery({ queryKey: processorKey(id), queryFn: ({ signal }) => fetchProcessor(id, signal), enabled: id !== '' });
}

function fetchExecutionAllowed(processorId: string, signal?: AbortSignal): Promise<ExecutionAllowed> {
  return api('GET /builder/v1/executions/execution_allowed', { signal, query: { processor_id: processorId } }).then((document) => document.data);
}

/**
 * Spec 1 §6: execution requires the execution_allowed check; when the check itself
 * fails, execution is allowed.
 */
export function useExecutionAllowed(processorId: string): { allowed: boolean; isChecking: boolean; reason?: string } {
  const check = useQuery({
    queryKey: [BUILDER, 'executions', 'execution_allowed', processorId] as const,
    queryFn: ({ signal }) => fetchExecutionAllowed(processorId, signal),
    retry: false,
    enabled: processorId !== '',
  });
  if (check.isPending) return { allowed: false, isChecking: true };
  if (check.isError) return { allowed: true, isChecking: false };
  return { allowed: check.data.allowed !== false, isChecking: false, reason: check.data.reason };
}

/** GET keystore/v1/public-key: the key password inputs are encrypted with, when their constraints lack it. */
function fetchPublicKey(signal?: AbortSignal): Promise<string> {
  return api('GET /keystore/v1/public-key', { signal }).then((document) => document.data.public_key);
}

export function usePublicKey(enabled: boolean) {
  return useQuery({ queryKey: [KEYSTORE, 'public-key'] as const, queryFn: ({ signal }) => fetchPublicKey(signal), enabled, staleTime: Infinity });
}

/** POST builder/v1/executions: a new execution, status created. */
export function createExecution(payload: CreateExecutionPayload): Promise<Execution> {
  return api('POST /builder/v1/executions', { jsonApi: true, body: payload }).then((document) => document.data);
}

/** PATCH builder/v1/executions/{id}/execute: created -> pending, the engine takes it from there. */
export function submitExecution(id: string): Promise<Execution> {
  return api('PATCH /builder/v1/executions/{id}/execute', { params: { id }, jsonApi: true }).then((document) => document.data);
}

/** POST builder/v1/executions/{id}/product-order: the EO products among the inputs. */
export function orderProducts(id: string): Promise<ProductOrder> {
  return api('POST /builder/v1/executions/{id}/product-order', { params: { id }, jsonApi: true }).then((document) => document.data);
}
