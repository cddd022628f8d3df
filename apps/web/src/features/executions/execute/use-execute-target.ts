import { useExecutionAllowed, useProcessor } from '../../workflows/api/execute';

/**
 * What the execute form needs about the workflow version it executes or schedules: the
 * version with its inputs, and whether the user may execute it (spec 1 §6). '' while the
 * id is not known yet (a schedule's workflow).
 */
export function useExecuteTarget(processorId: string) {
  return { processor: useProcessor(processorId), allowed: useExecutionAllowed(processorId) };
}
