import { Badge } from '@mantine/core';
import { taskStateColor, taskStateText } from '@asb/contracts';

/** A task state (spec 1 §4): coloured per TASK_STATE_COLORS, underscores shown as spaces (the report's rules). */
export function TaskStateBadge({ state }: { state: string }) {
  return (
    <Badge color={taskStateColor(state)} autoContrast variant="filled" tt="none" data-task-state={state} style={{ flexShrink: 0, minWidth: 'max-content' }}>
      {taskStateText(state)}
    </Badge>
  );
}
