import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../app/api/http';
import { barValue, fileProblem, IDLE, refusalText, uploadReducer, type UploadEvent } from './upload-progress';

const run = (...events: UploadEvent[]) => events.reduce(uploadReducer, IDLE);
const update = (step: 'received' | 'validated' | 'described' | 'registered' | 'failed', message?: string): UploadEvent => ({
  type: 'update',
  update: { upload_id: 'u1', collection: 'alice:apps', step, progress: 0, message },
});

describe('uploadReducer', () => {
  it('fills the first quarter while sending, then a quarter per step', () => {
    expect(barValue(run({ type: 'start' }, { type: 'sent', fraction: 0.5 }))).toBe(12.5);
    const validated = run({ type: 'start' }, { type: 'sent', fraction: 1 }, update('received'), update('validated'));
    expect(validated.steps).toEqual(['received', 'validated']);
    expect(barValue(validated)).toBe(50);
  });

  it('a later step implies the earlier ones; a late, older message moves nothing back', () => {
    const state = run({ type: 'start' }, update('described'), update('received'));
    expect(state.steps).toEqual(['received', 'validated', 'described']);
  });

  it('the answer alone finishes (no live connection); messages after it change nothing', () => {
    const state = run({ type: 'start' }, { type: 'registered' }, update('failed', 'late'));
    expect(state.phase).toBe('registered');
    expect(state.steps).toHaveLength(4);
  });

  it('a failure is a full bar with what is wrong', () => {
    const state = run({ type: 'start' }, update('received'), update('failed', 'CWL invalid: missing class'));
    expect(state).toMatchObject({ phase: 'failed', message: 'CWL invalid: missing class', steps: ['received'] });
    expect(barValue(state)).toBe(100);
  });
});

describe('fileProblem', () => {
  it('takes .cwl, .yaml, .yml and .json up to 20 MB', () => {
    expect(fileProblem(new File(['x'], 'app.cwl'))).toBeUndefined();
    expect(fileProblem(new File(['x'], 'APP.YML'))).toBeUndefined();
    expect(fileProblem(new File(['x'], 'notes.txt'))).toBe('notes.txt is not a CWL file (.cwl, .yaml, .yml, .json).');
    const big = new File(['x'], 'big.cwl');
    Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 + 1 });
    expect(fileProblem(big)).toBe('big.cwl is larger than the 20 MB limit.');
  });
});

describe('refusalText', () => {
  it("gives the server's reason", () => {
    expect(refusalText(new ApiError(400, 'Bad Request', { detail: 'Not a CWL document' }))).toBe('Not a CWL document');
    expect(refusalText(new ApiError(413, 'Payload Too Large', undefined))).toBe('413 Payload Too Large');
  });
});
