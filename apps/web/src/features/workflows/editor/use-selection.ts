import type { EdgeChange, NodeChange } from '@xyflow/react';
import { useCallback, useMemo, useState } from 'react';
import { applySelection } from './graph-flow';

const NONE: ReadonlySet<string> = new Set();

/** The selected nodes and edges, following xyflow's select changes. */
export function useSelection() {
  const [nodes, setNodes] = useState(NONE);
  const [edges, setEdges] = useState(NONE);
  const onNodeChanges = useCallback((changes: NodeChange[]) => setNodes((selected) => applySelection(selected, changes)), []);
  const onEdgeChanges = useCallback((changes: EdgeChange[]) => setEdges((selected) => applySelection(selected, changes)), []);
  const selectNode = useCallback((id: string) => {
    setNodes(new Set([id]));
    setEdges(NONE);
  }, []);
  const clear = useCallback(() => {
    setNodes(NONE);
    setEdges(NONE);
  }, []);
  return useMemo(() => ({ nodes, edges, onNodeChanges, onEdgeChanges, selectNode, clear }), [nodes, edges, onNodeChanges, onEdgeChanges, selectNode, clear]);
}

export type Selection = ReturnType<typeof useSelection>;
