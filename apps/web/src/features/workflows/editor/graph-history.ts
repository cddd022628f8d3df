/**
 * An undo stack over immutable values (the editor's graph). Each change either adds an
 * entry (undoable) or, for the same coalescing key as the previous change (typing in one
 * settings field), replaces the present so that one undo reverts the whole edit.
 */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** key of the last change, for coalescing */
  lastKey?: string;
}

/** Entries kept for undo; older ones are dropped. */
export const HISTORY_LIMIT = 100;

export function createHistory<T>(present: T): History<T> {
  return { past: [], present, future: [] };
}

/** A new present that undo can revert; a change with the previous change's key replaces it instead. */
export function pushHistory<T>(history: History<T>, next: T, key?: string): History<T> {
  if (next === history.present) return history;
  if (key !== undefined && key === history.lastKey) return { ...history, present: next, future: [] };
  return { past: [...history.past, history.present].slice(-HISTORY_LIMIT), present: next, future: [], lastKey: key };
}

/** A transient present (a node being dragged): no undo entry. */
export function replacePresent<T>(history: History<T>, next: T): History<T> {
  return { ...history, present: next };
}

/** Ends a transient change that began at `origin`: undo goes back to origin. */
export function commitFrom<T>(history: History<T>, origin: T): History<T> {
  if (origin === history.present) return history;
  return { past: [...history.past, origin].slice(-HISTORY_LIMIT), present: history.present, future: [] };
}

export function canUndo<T>(history: History<T>): boolean {
  return history.past.length > 0;
}

export function canRedo<T>(history: History<T>): boolean {
  return history.future.length > 0;
}

export function undo<T>(history: History<T>): History<T> {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

export function redo<T>(history: History<T>): History<T> {
  const [next, ...future] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future };
}
