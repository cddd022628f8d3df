import { OGC_REL, type ExecutionStatus, type OgcJobStatus, type OgcLink, type OgcStatusInfo } from '@asb/contracts';
import type { ExecutionRow } from '../builder/executions.resource.js';

const STATUS: Record<ExecutionStatus, OgcJobStatus> = {
  created: 'accepted',
  pending: 'accepted',
  running: 'running',
  success: 'successful',
  failed: 'failed',
  stopped: 'dismissed',
};

/** An execution's status as a job's (created and pending are accepted; stopped is dismissed). */
function jobStatusOf(status: string): OgcJobStatus {
  return STATUS[status as ExecutionStatus] ?? 'accepted';
}

/** The process a job ran, as /processes names it: the application's CWL identifier, or the workflow's identifier pinned at creation. */
function processIdOf(row: ExecutionRow): string {
  return row.kind === 'application' && row.application ? row.application.identifier : row.workflowExecutionOrder.workflow.identifier;
}

function messageOf(row: ExecutionRow): string {
  if (row.status === 'failed') return row.executionResults?.failure?.reason ?? row.executionResults?.error ?? 'The job failed.';
  if (row.status === 'stopped') return 'The job was dismissed.';
  if (row.status === 'success') return 'The job ended successfully.';
  if (row.status === 'running') return 'The job is running.';
  return 'The job is waiting to run.';
}

/** statusInfo of an execution; `base` is the server's public URL (the links are absolute: clients follow them as they are). */
export function statusInfoOf(row: ExecutionRow, base: string): OgcStatusInfo {
  const status = jobStatusOf(row.status);
  const self = `${base}/ogcapi/jobs/${row.id}`;
  const links: OgcLink[] = [
    { href: self, rel: 'self', type: 'application/json', title: 'This job' },
    { href: `${base}/asb/executions/${row.id}/report`, rel: 'alternate', type: 'text/html', title: 'The execution report in the portal' },
  ];
  if (status === 'successful') links.push({ href: `${self}/results`, rel: OGC_REL.results, type: 'application/json', title: 'The results' });
  return {
    processID: processIdOf(row),
    type: 'process',
    jobID: String(row.id),
    status,
    message: messageOf(row),
    created: row.createdAt.toISOString(),
    ...(row.startTime ? { started: row.startTime.toISOString() } : {}),
    ...(row.endTime ? { finished: row.endTime.toISOString() } : {}),
    updated: new Date(Math.max(...[row.updatedAt, row.startTime, row.endTime].map((date) => date?.getTime() ?? 0))).toISOString(),
    progress: status === 'successful' ? 100 : Math.max(0, Math.min(100, Math.round(row.progress * 100))),
    links,
  };
}

/** Whether an execution has ended (no more change to wait for). */
export const hasEnded = (status: string) => status === 'success' || status === 'failed' || status === 'stopped';
