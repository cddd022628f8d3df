import { MAX_CWL_BYTES, UPLOAD_STEPS, type UploadStep, type UploadUpdate } from '@asb/contracts';
import { ApiError } from '../../../../app/api/http';

/** The files a CWL upload accepts (YAML or JSON). */
export const CWL_EXTENSIONS = ['.cwl', '.yaml', '.yml', '.json'];

/** Checked in the browser before anything is sent; the server checks the same (spec 3 §5). */
export function fileProblem(file: File): string | undefined {
  const name = file.name.toLowerCase();
  if (!CWL_EXTENSIONS.some((extension) => name.endsWith(extension))) return `${file.name} is not a CWL file (${CWL_EXTENSIONS.join(', ')}).`;
  if (file.size > MAX_CWL_BYTES) return `${file.name} is larger than the ${MAX_CWL_BYTES / (1024 * 1024)} MB limit.`;
  return undefined;
}

export interface UploadProgress {
  phase: 'idle' | 'sending' | 'processing' | 'registered' | 'failed';
  /** 0..1 of the file sent over HTTP */
  sent: number;
  /** the steps reached so far, in order */
  steps: UploadStep[];
  /** what is wrong, on failure */
  message?: string;
}

export const IDLE: UploadProgress = { phase: 'idle', sent: 0, steps: [] };

const stepsUpTo = (step: UploadStep) => UPLOAD_STEPS.slice(0, UPLOAD_STEPS.indexOf(step) + 1);

export type UploadEvent =
  | { type: 'start' }
  | { type: 'sent'; fraction: number }
  | { type: 'update'; update: UploadUpdate }
  | { type: 'registered' }
  | { type: 'failed'; message: string };

/**
 * The upload's state from its HTTP progress, its `uploadUpdate` live messages and its answer.
 * The live messages may arrive before or after the answer (or not at all, without a live
 * connection): the answer alone is enough to finish, and nothing moves a finished upload back.
 */
export function uploadReducer(state: UploadProgress, event: UploadEvent): UploadProgress {
  if (event.type === 'start') return { phase: 'sending', sent: 0, steps: [] };
  if (state.phase === 'registered' || state.phase === 'failed') return state;
  switch (event.type) {
    case 'sent':
      return { ...state, sent: event.fraction, phase: event.fraction >= 1 ? 'processing' : state.phase };
    case 'update': {
      const { step, message } = event.update;
      if (step === 'failed') return { ...state, phase: 'failed', message: message ?? 'The upload failed' };
      const steps = stepsUpTo(step);
      if (steps.length <= state.steps.length) return state;
      return { ...state, sent: 1, steps, phase: step === 'registered' ? 'registered' : 'processing' };
    }
    case 'registered':
      return { ...state, sent: 1, steps: [...UPLOAD_STEPS], phase: 'registered' };
    case 'failed':
      return { ...state, phase: 'failed', message: event.message };
  }
}

/**
 * The bar: sending the file fills the first quarter, each step reached a quarter more;
 * a failed upload is full (and red).
 */
export function barValue(progress: UploadProgress): number {
  if (progress.phase === 'failed' || progress.phase === 'registered') return 100;
  const quarter = 100 / UPLOAD_STEPS.length;
  if (progress.steps.length === 0) return progress.sent * quarter;
  return progress.steps.length * quarter;
}

/** The server's reason for a refused upload (its detail), else the status. */
export function refusalText(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.body as { detail?: unknown; errors?: { detail?: unknown }[] } | undefined;
    if (body && typeof body.detail === 'string') return body.detail;
    const first = body?.errors?.[0]?.detail;
    if (typeof first === 'string') return first;
    return error.status ? `${error.status} ${error.statusText}` : 'Network error: the server could not be reached';
  }
  return error instanceof Error ? error.message : 'The upload failed';
}
