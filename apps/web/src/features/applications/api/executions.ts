import type { ApplicationExecutionRequest } from '@asb/contracts';
import { api } from '../../../app/api/http';
import type { TaskExecution } from '../../executions/api/tasks';

/** Spec 3 §7: POST catalogue-collections/{id}/execute with cwl_identifier, inputs and ades_id; answers the new execution task. */
export async function executeApplication(collection: string, request: ApplicationExecutionRequest): Promise<TaskExecution> {
  return (await api('POST /backend/v1/catalogue-collections/{id}/execute', { params: { id: collection }, body: request })).data;
}
