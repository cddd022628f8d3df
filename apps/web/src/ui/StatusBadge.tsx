import { Badge } from '@mantine/core';
import { STATUS_GROUP_COLORS, statusGroup, statusLabel, TASK_STATE_COLORS, type StatusSubject } from '@asb/contracts';

/**
 * Statuses shown beyond the spec's groups (docs/decisions.md): an execution never submitted
 * ('created') is no success, and a job whose task did not run because one above it failed
 * ('upstream_failed') is no failure of its own.
 */
const SPECIAL: Record<string, { color: string; group: string; subject?: StatusSubject }> = {
  created: { color: 'yellow', group: 'not-submitted', subject: 'execution' },
  upstream_failed: { color: TASK_STATE_COLORS.upstream_failed, group: 'upstream-failed' },
};

interface StatusBadgeProps {
  status: string;
  progress?: number | null;
  /** an execution's 'created' reads 'Not submitted'; another's (a collection request's) is a success */
  subject?: StatusSubject;
}

/** Spec 1 §4 status display: coloured by status group; running and paused show percent progress; the text is statusLabel's. */
export function StatusBadge({ status, progress, subject = 'other' }: StatusBadgeProps) {
  const label = statusLabel(status, progress, subject);
  const special = SPECIAL[status.toLowerCase()];
  if (special && (special.subject === undefined || special.subject === subject)) {
    return (
      <Badge color={special.color} variant="light" tt="none" data-status-group={special.group} style={{ flexShrink: 0, minWidth: 'max-content' }}>
        {label}
      </Badge>
    );
  }
  const group = statusGroup(status);
  return (
    <Badge color={STATUS_GROUP_COLORS[group]} variant={group === 'neutral' ? 'outline' : 'light'} tt="none" data-status-group={group} style={{ flexShrink: 0 }}>
      {label}
    </Badge>
  );
}
