import { describe, expect, it } from 'vitest';
import { canRedo, canUndo, commitFrom, createHistory, HISTORY_LIMIT, pushHistory, redo, replacePresent, undo } from './graph-history';

describe('graph history', () => {
  it('undoes and redoes changes in order', () => {
    let history = pushHistory(pushHistory(createHistory('a'), 'b'), 'c');
    expect(canUndo(history)).toBe(true);
    expect(canRedo(history)).toBe(false);
    history = undo(history);
    expect(history.present).toBe('b');
    history = undo(history);
    expect(history.present).toBe('a');
    expect(canUndo(history)).toBe(false);
    expect(undo(history)).toBe(history);
    history = redo(history);
    expect(history.present).toBe('b');
    expect(redo(redo(history)).present).toBe('c');
  });

  it('drops the redo branch on a new change', () => {
    const history = pushHistory(undo(pushHistory(createHistory('a'), 'b')), 'x');
    expect(history.present).toBe('x');
    expect(canRedo(history)).toBe(false);
    expect(undo(history).present).toBe('a');
  });

  it('ignores a change to the same value', () => {
    const history = createHistory('a');
    expect(pushHistory(history, 'a')).toBe(history);
  });

  it('coalesces changes with the same key into one undo entry', () => {
    let history = pushHistory(createHistory(''), 'N', 'label');
    history = pushHistory(history, 'ND', 'label');
    history = pushHistory(history, 'NDVI', 'label');
    expect(undo(history).present).toBe('');
    history = pushHistory(history, 'NDVI!', 'other');
    expect(undo(history).present).toBe('NDVI');
  });

  it('keeps a transient change out of the stack until it is committed from its origin', () => {
    const start = createHistory('a');
    const moved = replacePresent(replacePresent(start, 'a1'), 'a2');
    expect(moved.past).toEqual([]);
    const committed = commitFrom(moved, 'a');
    expect(committed.present).toBe('a2');
    expect(undo(committed).present).toBe('a');
    expect(commitFrom(start, 'a')).toBe(start);
  });

  it(`keeps at most ${HISTORY_LIMIT} entries`, () => {
    let history = createHistory(0);
    for (let n = 1; n <= HISTORY_LIMIT + 10; n += 1) history = pushHistory(history, n);
    expect(history.past).toHaveLength(HISTORY_LIMIT);
    expect(history.past[0]).toBe(10);
  });
});
