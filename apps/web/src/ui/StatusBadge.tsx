import { Badge } from '@mantine/core';
import { STATUS_GROUP_COLORS, statusGroup, statusLabel, TASK_STATE_COLORS } from '@asb/contracts';

/**
 * Statuses shown beyond the spec's groups (docs/decisions.md): an execution never submitted
 * ('created') is no success, and a job whose task did not run because one above it failed
 * ('upstream_failed') is no failure of its own.
 */
const SPECIAL: Record<string, { label: string; color: string; group: string }> = {
  created: { label: 'not submitted', color: 'yellow', group: 'not-submitted' },
  upstream_failed: { label: 'upstream failed', color: TASK_STATE_COLORS.upstream_failed, group: 'upstream-failed' },
};

/** Spec 1 §4 status display: coloured by status group; running and paused show percent progress. */
export function StatusBadge({ status, progress }: { status: string; progress?: number | null }) {
  const special = SPECIAL[status.toLowerCase()];
  if (special) {
    return (
      <Badge color={special.color} variant="light" tt="none" data-status-group={special.group} style={{ flexShrink: 0, minWidth: 'max-content' }}>
        {special.label}
      </Badge>
    );
  }
  const group = statusGroup(status);
  return (
    <Badge color={STATUS_GROUP_COLORS[group]} variant={group === 'neutral' ? 'outline' : 'light'} tt="none" data-status-group={group} style={{ flexShrink: 0 }}>
      {statusLabel(status, progress)}
    </Badge>
  );
}
