import type { ExecutionFailure } from '../execution-results.js';

/** The failing task and its reason in one sentence: 'Task scene (synthetic-scene:1) failed: ValueError: …'; the run's own reason as it is. */
export function failureSentence(failure: ExecutionFailure): string {
  if (!failure.taskId) return failure.reason;
  const task = failure.taskLabel && failure.taskLabel !== failure.taskId ? `${failure.taskId} (${failure.taskLabel})` : failure.taskId;
  return `Task ${task} failed: ${failure.reason}`;
}

/** The heading of the log's last lines. */
export function failureLogHeading(failure: ExecutionFailure): string {
  return `Last lines of the log of ${failure.taskId ?? 'the task'}`;
}
