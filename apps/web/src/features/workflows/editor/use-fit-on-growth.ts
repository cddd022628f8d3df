import { useReactFlow } from '@xyflow/react';
import { useEffect, useRef } from 'react';

const FIT_VIEW_OPTIONS = { padding: 0.2, maxZoom: 1, duration: 200 } as const;

/** Fits the view when nodes are added (from the palette, an import or a redo) so that they are in sight. */
export function useFitOnGrowth(nodeCount: number): () => void {
  const flow = useReactFlow();
  const previous = useRef(nodeCount);
  useEffect(() => {
    if (nodeCount > previous.current) void flow.fitView(FIT_VIEW_OPTIONS);
    previous.current = nodeCount;
  }, [nodeCount, flow]);
  return () => void flow.fitView(FIT_VIEW_OPTIONS);
}
