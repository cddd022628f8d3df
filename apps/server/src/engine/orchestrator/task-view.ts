import type { TaskState } from '@asb/contracts';
import type { TaskRow } from '../store/tasks.repository.js';
import type { TaskView } from './transitions.js';

/** The columns of a task row the transitions decide on. */
export function toView(task: TaskRow): TaskView {
  return {
    id: task.id,
    taskId: task.taskId,
    nodeId: task.nodeId,
    itemIndex: task.itemIndex,
    state: task.state as TaskState,
    nextAttemptAt: task.nextAttemptAt,
  };
}
