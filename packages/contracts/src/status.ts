/** Spec 1 §4 status display groups. */
export type StatusGroup = 'success' | 'pending' | 'running' | 'failed' | 'neutral';

/**
 * One colour rule for every status the portal shows: an execution's (spec 1 §4), a model
 * service's ('available', 'creating', 'deploying', 'error'), an order's, a collection request's.
 * A model service in 'error' failed like any failed execution (issue 34 §3: it was grey).
 */
const GROUPS: Record<Exclude<StatusGroup, 'neutral'>, readonly string[]> = {
  success: ['success', 'successful', 'created', 'available'],
  pending: ['pending', 'paused', 'submitting', 'credit_calculated'],
  running: ['running', 'request_sent', 'creating', 'deploying'],
  failed: ['failed', 'aborted', 'stopped', 'missing_inputs', 'denied', 'error'],
};

export function statusGroup(status: string | null | undefined): StatusGroup {
  const value = (status ?? '').toLowerCase();
  for (const [group, members] of Object.entries(GROUPS)) {
    if (members.includes(value)) return group as StatusGroup;
  }
  return 'neutral';
}

/**
 * The one way a status or a task state is written, everywhere (badges, lists, reports, the PDF,
 * dashboards): spec 1 §4 gives 'Success' for success and 'the status text with underscores
 * replaced by spaces' for the others; the same capital is given to every one of them, so 'failed'
 * reads 'Failed' and 'missing_inputs' 'Missing inputs' (docs/decisions.md).
 */
export function statusText(status: string): string {
  const words = status.replace(/_/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What a status belongs to: an execution's 'created' was never submitted (docs/decisions.md). */
export type StatusSubject = 'execution' | 'other';

/**
 * A status badge's text: running and paused show percent progress (spec 1 §4); an execution
 * created but never submitted reads 'Not submitted' (a collection request's 'created' is a
 * success); every other status is its statusText.
 */
export function statusLabel(status: string, progress?: number | null, subject: StatusSubject = 'other'): string {
  const value = status.toLowerCase();
  if ((value === 'running' || value === 'paused') && progress != null) {
    return `${Math.round(progress * 100)}%`;
  }
  if (subject === 'execution' && value === 'created') return 'Not submitted';
  return statusText(status);
}

export const STATUS_GROUP_COLORS: Record<StatusGroup, string> = {
  success: 'green',
  pending: 'gray',
  running: 'blue',
  failed: 'red',
  neutral: 'dark',
};
