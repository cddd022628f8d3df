import { BUCKET_STATUS_EVENT, BUILD_STATUS_TEXT, BUILD_STATUSES, type BuildStatus, type ImportStatusMessage } from '@asb/contracts';
import type { LiveEvent } from '../../../platform/live/event-bus.js';

/** What a status message is made of: the bucket's build columns and its process label. */
export interface BucketStatusState {
  status: BuildStatus;
  log: string;
  startedAt: Date | null;
  processLabel: string;
}

const STATUS_CODES: Record<BuildStatus, number | null> = { not_started: null, importing: 0, succeeded: 200, released: 200, failed: 500 };
const ENTRY = /^\[\d{4}-\d\d-\d\dT[\d:.]+Z\] (.*)$/;

export function toBuildStatus(value: string): BuildStatus {
  return (BUILD_STATUSES as readonly string[]).includes(value) ? (value as BuildStatus) : 'not_started';
}

/** 'Import complete' and failures end a build: the server then closes the status streams. */
export function isFinal(status: BuildStatus): boolean {
  return status === 'released' || status === 'failed';
}

/** One log entry: `[ISO time] message`, further lines of the message indented by four spaces. */
export function formatLogEntry(message: string, at = new Date()): string {
  const [first = '', ...rest] = message.trimEnd().split('\n');
  return [`[${at.toISOString()}] ${first}`, ...rest.map((line) => `    ${line}`)].join('\n') + '\n';
}

/** The first line of the last entry: what a running or failed build is doing or why it failed. */
export function lastLogMessage(log: string): string {
  const lines = log.trimEnd().split('\n');
  for (let index = lines.length - 1; index >= 0; index--) {
    const match = ENTRY.exec(lines[index] ?? '');
    if (match) return match[1] ?? '';
  }
  return '';
}

/** Spec 2 §3 Import status message, the same for SSE, WebSocket and the build endpoints. */
export function toStatusMessage(state: BucketStatusState): ImportStatusMessage {
  const messages: Partial<Record<BuildStatus, string>> = {
    not_started: '',
    succeeded: 'Build passed',
    released: `${state.processLabel} released`,
  };
  return {
    content: state.log,
    status_text: BUILD_STATUS_TEXT[state.status],
    status_message: messages[state.status] ?? lastLogMessage(state.log),
    status_code: STATUS_CODES[state.status],
  };
}

/** Payload of a bucket status event on the bus: the message plus what streams need to filter and order. */
export interface BucketStatusPayload extends Record<string, unknown> {
  bucketId: number;
  status: BuildStatus;
  /** build start (ms) and log length order the messages of a bucket */
  startedAt: number | null;
  message: ImportStatusMessage;
}

/** Build progress goes to the process owner (on /builder/live too); bucket streams filter by bucket id. */
export function bucketStatusEvent(bucketId: number, ownerId: string, state: BucketStatusState): LiveEvent {
  const payload: BucketStatusPayload = { bucketId, status: state.status, startedAt: state.startedAt?.getTime() ?? null, message: toStatusMessage(state) };
  return { type: BUCKET_STATUS_EVENT, audience: ownerId, payload };
}
