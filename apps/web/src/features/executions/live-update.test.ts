import { describe, expect, it } from 'vitest';
import { liveStatusUpdate, withLiveUpdate, type ExecutionListPage } from './live-update';

const row = (id: string, status = 'pending', progress = 0) => ({ id, attributes: { identifier: `run-${id}`, status, progress } });

describe('liveStatusUpdate', () => {
  it('reads the status and the progress of an executionUpdate, a percentage as a fraction', () => {
    expect(liveStatusUpdate({ type: 'executionUpdate', id: '7', status: 'running', progress: 50 })).toEqual({ id: '7', status: 'running', progress: 0.5 });
    expect(liveStatusUpdate({ type: 'executionUpdate', id: '2', status: 'running', progress: 0.25 })).toEqual({ id: '2', status: 'running', progress: 0.25 });
    expect(liveStatusUpdate({ type: 'executionUpdate', task_id: 7, status: 'failed' })).toEqual({ id: '7', status: 'failed' });
    expect(liveStatusUpdate({ type: 'executionUpdate', id: '7' })).toBeUndefined();
    expect(liveStatusUpdate({ type: 'executionUpdate' })).toBeUndefined();
  });
});

describe('withLiveUpdate', () => {
  it('applies a live update to the page holding the execution', () => {
    const document: ExecutionListPage<ReturnType<typeof row>> = { data: [row('1'), row('2')], meta: { pagination: { page: 1, pages: 1, count: 2 } } };
    const next = withLiveUpdate(document, liveStatusUpdate({ type: 'executionUpdate', id: '2', status: 'running', progress: 0.25 })!)!;
    expect(next.data.map((execution) => [execution.attributes.status, execution.attributes.progress])).toEqual([
      ['pending', 0],
      ['running', 0.25],
    ]);
    // a message without progress keeps the row's
    expect(withLiveUpdate(next, { id: '2', status: 'success' })!.data[1]!.attributes).toMatchObject({ status: 'success', progress: 0.25 });
    expect(withLiveUpdate(document, { id: '9', status: 'running', progress: 0 })).toBe(document);
  });
});
