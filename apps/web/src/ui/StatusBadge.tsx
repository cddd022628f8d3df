import { Badge } from '@mantine/core';
import { STATUS_GROUP_COLORS, statusGroup, statusLabel } from '@asb/contracts';

/** Spec 1 §4 status display: coloured by status group; running and paused show percent progress. */
export function StatusBadge({ status, progress }: { status: string; progress?: number | null }) {
  const group = statusGroup(status);
  return (
    <Badge color={STATUS_GROUP_COLORS[group]} variant={group === 'neutral' ? 'outline' : 'light'} tt="none" data-status-group={group} style={{ flexShrink: 0 }}>
      {statusLabel(status, progress)}
    </Badge>
  );
}
