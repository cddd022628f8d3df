import { setTimeout as sleep } from 'node:timers/promises';
import { errorText, isRecord, messageOf, RemoteFailure, type AdesClient } from './ades-client.js';

/** read failures of the remote job's status in a row before the task fails */
const MAX_POLL_FAILURES = 5;
export const FINAL_STATUSES = new Set(['successful', 'failed', 'dismissed']);

/** Starts the job asynchronously (`Prefer: respond-async`) with these OGC inputs and answers its URL. */
export async function executeJob(client: AdesClient, processId: string, inputs: Record<string, unknown>): Promise<string> {
  const started = await client.json(client.processUrl(processId, '/execution'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', prefer: 'respond-async' },
    body: JSON.stringify({ inputs, response: 'document' }),
  });
  if (started.status < 200 || started.status >= 300)
    throw new RemoteFailure(`The ADES refused to execute ${processId}: HTTP ${started.status}${messageOf(started.body)}.`);
  const location = started.headers.get('location');
  const jobId = isRecord(started.body) && typeof started.body.jobID === 'string' ? started.body.jobID : undefined;
  if (location) return client.url(location);
  if (jobId) return client.url(`jobs/${encodeURIComponent(jobId)}`);
  throw new RemoteFailure(`The ADES started no job for ${processId}: its answer names none (no Location, no jobID).`);
}

/** Polls the job's statusInfo every `pollMs` until it is final; status, progress and message changes go into the log. */
export async function followJob(
  client: AdesClient,
  jobUrl: string,
  options: { pollMs: number; signal: AbortSignal; log: (line: string) => void },
): Promise<Record<string, unknown>> {
  let last = '';
  let failures = 0;
  for (;;) {
    let status: Record<string, unknown> | undefined;
    try {
      const answer = await client.json(jobUrl);
      if (answer.status !== 200 || !isRecord(answer.body)) throw new Error(`HTTP ${answer.status}${messageOf(answer.body)}`);
      status = answer.body;
      failures = 0;
    } catch (error) {
      if (options.signal.aborted) throw error;
      if (++failures >= MAX_POLL_FAILURES)
        throw new RemoteFailure(`The remote job's status could not be read ${failures} times in a row: ${errorText(error)}.`);
      options.log(`the remote job's status could not be read (${errorText(error)}); trying again`);
    }
    if (status) {
      const line = [status.status, typeof status.progress === 'number' ? `${status.progress}%` : undefined, status.message].filter(Boolean).join(' · ');
      if (line !== last) options.log(`remote job: ${line}`);
      last = line;
      if (typeof status.status === 'string' && FINAL_STATUSES.has(status.status)) return status;
    }
    await sleep(options.pollMs, undefined, { signal: options.signal });
  }
}
