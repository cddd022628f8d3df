import { BUILD_STATUS_TEXT, type BuildStatus, type ImportStatusMessage } from '@asb/contracts';
import type { BuildKind } from '../../api/bucket-content';

/** What the status card shows. */
export interface BuildView {
  statusText: string;
  message: string;
  log: string;
  /** a build is in progress ('Importing') */
  isRunning: boolean;
  /** the retries of the status stream are used up */
  isLost: boolean;
}

const TEXT = BUILD_STATUS_TEXT;

/** Spec 2 §4: the status after the stream was lost. */
const LOST_VIEW_TEXT = { statusText: 'Unable to retrieve status', message: 'Connection lost' };
export const LOST_NOTICE = 'Connection was lost during build';

/** The card before any message: from the bucket's stored build status. */
export function viewOfStatus(status: BuildStatus): BuildView {
  return { statusText: TEXT[status], message: '', log: '', isRunning: status === 'importing', isLost: false };
}

/** 'Importing' applies while no status has arrived (spec 2 §4: a default applies when no code has arrived). */
function statusTextOf(message: ImportStatusMessage): string {
  return message.status_text || TEXT.importing;
}

export function isFinalMessage(message: ImportStatusMessage, kind: BuildKind | null): boolean {
  const text = statusTextOf(message);
  if (text === TEXT.failed || text === TEXT.released) return true;
  // a release run goes on after 'Import succeeded' until 'Import complete'
  return text === TEXT.succeeded && kind !== 'release';
}

export function viewOfMessage(message: ImportStatusMessage): BuildView {
  const statusText = statusTextOf(message);
  return { statusText, message: message.status_message ?? '', log: message.content ?? '', isRunning: statusText === TEXT.importing, isLost: false };
}

export function lostView(previous: BuildView): BuildView {
  return { ...previous, ...LOST_VIEW_TEXT, isRunning: false, isLost: true };
}

/** Spec 2 §4 events: build-passed after a dry run, release-passed after a release. */
export type BuildOutcome = 'build-passed' | 'release-passed' | 'failed' | null;

export function outcomeOf(message: ImportStatusMessage, kind: BuildKind | null): BuildOutcome {
  if (!isFinalMessage(message, kind)) return null;
  const text = statusTextOf(message);
  if (text === TEXT.failed) return 'failed';
  return text === TEXT.released ? 'release-passed' : 'build-passed';
}

/** Colour of the status text. */
export function statusColor(view: BuildView): string {
  if (view.isLost || view.statusText === TEXT.failed) return 'red';
  if (view.statusText === TEXT.succeeded || view.statusText === TEXT.released) return 'teal';
  if (view.isRunning) return 'blue';
  return 'gray';
}
