import type { ExecutionResultRecord, ExecutionResults, ExecutionResultTask } from '../execution-results.js';

/** executionResults as the report reads it (spec 1 §3), every part present. */
export interface ReportResults {
  streams: Record<string, string[]>;
  tasks: ExecutionResultTask[];
  data: ExecutionResultRecord[];
  childDags: Record<string, string[]>;
  error: string | undefined;
}

/**
 * The parts of executionResults the report reads, empty while the engine has not
 * written them (executionResults is null until the execution starts).
 */
export function reportResults(executionResults: ExecutionResults | null | undefined): ReportResults {
  return {
    streams: executionResults?.info.data.streams ?? {},
    tasks: executionResults?.tasks ?? [],
    data: executionResults?.data ?? [],
    childDags: executionResults?.child_dags ?? {},
    error: executionResults?.error || undefined,
  };
}
