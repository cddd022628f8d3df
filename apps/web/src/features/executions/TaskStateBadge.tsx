import { Badge } from '@mantine/core';
import { TASK_STATE_COLORS } from '@asb/contracts';
import { taskStateLabel } from './execution-view';

/** A task state (spec 1 §4): coloured per TASK_STATE_COLORS, underscores shown as spaces. */
export function TaskStateBadge({ state }: { state: string }) {
  const color = TASK_STATE_COLORS[state as keyof typeof TASK_STATE_COLORS] ?? TASK_STATE_COLORS.no_status;
  return (
    <Badge color={color} autoContrast variant="filled" tt="none" data-task-state={state} style={{ flexShrink: 0, minWidth: 'max-content' }}>
      {taskStateLabel(state)}
    </Badge>
  );
}
