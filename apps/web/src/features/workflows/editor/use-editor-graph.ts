import type { WorkflowGraph } from '@asb/contracts';
import { useCallback, useMemo, useReducer, useState } from 'react';
import { editorReducer, initialEditorState } from './graph-editor-state';
import { canRedo, canUndo } from './graph-history';
import { graphsEqual, type XY } from './graph-ops';

/** The graph being edited, its undo stack and whether it differs from the saved graph. */
export function useEditorGraph(serverGraph: WorkflowGraph) {
  const [state, dispatch] = useReducer(editorReducer, serverGraph, initialEditorState);
  const [saved, setSaved] = useState(serverGraph);
  const [lastServerGraph, setLastServerGraph] = useState(serverGraph);
  const graph = state.history.present;
  const isDirty = useMemo(() => !graphsEqual(graph, saved), [graph, saved]);

  // another tab saved a new version while nothing was changed here: show it
  if (serverGraph !== lastServerGraph) {
    setLastServerGraph(serverGraph);
    if (!isDirty && !graphsEqual(serverGraph, graph)) {
      dispatch({ type: 'reset', graph: serverGraph });
      setSaved(serverGraph);
    }
  }

  const change = useCallback((update: (graph: WorkflowGraph) => WorkflowGraph, key?: string) => dispatch({ type: 'change', update, key }), []);
  const move = useCallback((positions: ReadonlyMap<string, XY>, isDragging: boolean) => dispatch({ type: 'move', positions, isDragging }), []);
  const undoChange = useCallback(() => dispatch({ type: 'undo' }), []);
  const redoChange = useCallback(() => dispatch({ type: 'redo' }), []);

  return {
    graph,
    isDirty,
    canUndo: canUndo(state.history),
    canRedo: canRedo(state.history),
    change,
    move,
    undo: undoChange,
    redo: redoChange,
    /** the graph the server now holds */
    markSaved: setSaved,
  };
}
