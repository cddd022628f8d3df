import { BaseEdge, type Edge, type EdgeProps } from '@xyflow/react';
import type { GraphDirection, Point } from './task-graph-layout';

type RoutedEdgeData = { bends: Point[]; direction: GraphDirection };
export type RoutedEdgeType = Edge<RoutedEdgeData, 'routed'>;

/** An S-curve from one point to the next, leaving and arriving along the graph's direction (as xyflow's bezier edge does). */
function curve(from: Point, to: Point, direction: GraphDirection): string {
  if (direction === 'LR') {
    const middle = (from.x + to.x) / 2;
    return `C ${middle},${from.y} ${middle},${to.y} ${to.x},${to.y}`;
  }
  const middle = (from.y + to.y) / 2;
  return `C ${from.x},${middle} ${to.x},${middle} ${to.x},${to.y}`;
}

/** A task edge from its source's handle through the layout's bends to its target's handle. */
export function RoutedEdge({ sourceX, sourceY, targetX, targetY, data, markerEnd, style }: EdgeProps<RoutedEdgeType>) {
  const points = [{ x: sourceX, y: sourceY }, ...(data?.bends ?? []), { x: targetX, y: targetY }];
  const path = points.slice(1).reduce((drawn, to, index) => `${drawn} ${curve(points[index]!, to, data?.direction ?? 'LR')}`, `M ${sourceX},${sourceY}`);
  return <BaseEdge path={path} markerEnd={markerEnd} style={style} />;
}
