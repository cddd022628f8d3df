import type { WorkflowGraph } from '@asb/contracts';
import { canRedo, canUndo, commitFrom, createHistory, pushHistory, redo, replacePresent, undo, type History } from './graph-history';
import { moveNodes, type XY } from './graph-ops';

/**
 * The editor's graph with its undo stack, as a reducer. A drag moves nodes without undo
 * entries and, when it ends, adds one entry going back to where the drag began.
 */
export interface EditorState {
  history: History<WorkflowGraph>;
  /** the graph when the current drag began */
  dragOrigin?: WorkflowGraph;
}

export type EditorAction =
  /** an undoable change; changes with the same key in a row make one entry (typing in one field) */
  | { type: 'change'; update: (graph: WorkflowGraph) => WorkflowGraph; key?: string }
  | { type: 'move'; positions: ReadonlyMap<string, XY>; isDragging: boolean }
  | { type: 'undo' }
  | { type: 'redo' }
  /** a graph from the server: a fresh start without undo */
  | { type: 'reset'; graph: WorkflowGraph };

export function initialEditorState(graph: WorkflowGraph): EditorState {
  return { history: createHistory(graph) };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'change': {
      const history = pushHistory(state.history, action.update(state.history.present), action.key);
      return history === state.history ? state : { history };
    }
    case 'move': {
      const origin = state.dragOrigin ?? state.history.present;
      const moved = replacePresent(state.history, moveNodes(state.history.present, action.positions));
      if (action.isDragging) return { history: moved, dragOrigin: origin };
      return { history: commitFrom(moved, origin) };
    }
    case 'undo':
      return state.dragOrigin || !canUndo(state.history) ? state : { history: undo(state.history) };
    case 'redo':
      return state.dragOrigin || !canRedo(state.history) ? state : { history: redo(state.history) };
    case 'reset':
      return initialEditorState(action.graph);
  }
}
