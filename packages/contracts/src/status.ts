/** Spec 1 §4 status display groups. */
export type StatusGroup = 'success' | 'pending' | 'running' | 'failed' | 'neutral';

const GROUPS: Record<Exclude<StatusGroup, 'neutral'>, readonly string[]> = {
  success: ['success', 'successful', 'created'],
  pending: ['pending', 'paused', 'submitting', 'credit_calculated'],
  running: ['running', 'request_sent'],
  failed: ['failed', 'aborted', 'stopped', 'missing_inputs', 'denied'],
};

export function statusGroup(status: string | null | undefined): StatusGroup {
  const value = (status ?? '').toLowerCase();
  for (const [group, members] of Object.entries(GROUPS)) {
    if (members.includes(value)) return group as StatusGroup;
  }
  return 'neutral';
}

/**
 * Running and paused show percent progress; success shows 'Success'; others show
 * the status text with underscores replaced by spaces.
 */
export function statusLabel(status: string, progress?: number | null): string {
  const value = status.toLowerCase();
  if ((value === 'running' || value === 'paused') && progress != null) {
    return `${Math.round(progress * 100)}%`;
  }
  if (value === 'success') return 'Success';
  return status.replace(/_/g, ' ');
}

export const STATUS_GROUP_COLORS: Record<StatusGroup, string> = {
  success: 'green',
  pending: 'gray',
  running: 'blue',
  failed: 'red',
  neutral: 'dark',
};
