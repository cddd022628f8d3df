import dagre, { type Edge, type EdgeLabel, type GraphLabel, type NodeLabel } from '@dagrejs/dagre';
import type { ReportTaskGraph } from '@asb/contracts';
import { FONT } from './pdf-fonts.js';
import { HEADING_HEIGHT, textColorOn, type PdfCursor } from './pdf-page.js';
import { ellipsize, pdfText } from './pdf-text.js';

/** Above this many tasks the graph is not laid out at all: the tasks table lists them. */
export const MAX_GRAPH_TASKS = 300;
/** Below this scale the boxes would be specks: the graph is left out with a note. */
const MIN_GRAPH_SCALE = 0.15;
/** Below this scale (labels under 3.6 pt) the boxes are drawn without their task ids. */
const MIN_LABEL_SCALE = 0.4;
const NOTE_HEIGHT = 16;
/** the graph stays below the text before it when it keeps this share of its size there */
const SHRINK_IN_PLACE = 0.75;
const LABEL_SIZE = 9;
const NODE_HEIGHT = 22;
const MAX_LABEL_CHARS = 40;

interface Point {
  x: number;
  y: number;
}

/** The graph placed by dagre, in its own units (points at scale 1). */
interface GraphLayout {
  width: number;
  height: number;
  nodes: { id: string; label: string; color: string; x: number; y: number; width: number; height: number }[];
  edges: Point[][];
}

/**
 * Lays the task graph out with dagre, as the report page's graph: left to right (every
 * task right of the tasks it waits for) or top to bottom. `measure` gives a label's
 * width at LABEL_SIZE.
 */
function layoutTaskGraph(graph: ReportTaskGraph, measure: (text: string) => number, rankdir: 'LR' | 'TB' = 'LR'): GraphLayout {
  const layout = new dagre.graphlib.Graph<GraphLabel, NodeLabel, EdgeLabel>();
  layout.setGraph({ rankdir, nodesep: 10, ranksep: rankdir === 'LR' ? 40 : 30, edgesep: 6, marginx: 4, marginy: 4 });
  layout.setDefaultEdgeLabel(() => ({}));
  const labels = new Map(graph.nodes.map((node) => [node.id, pdfText(ellipsize(node.id, MAX_LABEL_CHARS))]));
  for (const node of graph.nodes) layout.setNode(node.id, { width: Math.max(44, measure(labels.get(node.id)!) + 14), height: NODE_HEIGHT });
  for (const edge of graph.edges) if (layout.hasNode(edge.source) && layout.hasNode(edge.target)) layout.setEdge(edge.source, edge.target);
  dagre.layout(layout);
  const size = layout.graph();
  return {
    width: size.width ?? 0,
    height: size.height ?? 0,
    nodes: graph.nodes.map((node) => {
      const placed = layout.node(node.id);
      return {
        id: node.id,
        label: labels.get(node.id)!,
        color: node.color,
        x: (placed.x ?? 0) - placed.width / 2,
        y: (placed.y ?? 0) - placed.height / 2,
        width: placed.width,
        height: placed.height,
      };
    }),
    edges: layout.edges().map((edge: Edge) => layout.edge(edge).points ?? []),
  };
}

function drawArrow(cursor: PdfCursor, points: Point[], scale: number, origin: Point): void {
  const at = points.map((point) => ({ x: origin.x + point.x * scale, y: origin.y + point.y * scale }));
  const [first, ...rest] = at;
  const last = at[at.length - 1];
  const before = at[at.length - 2];
  if (!first || !last || !before) return;
  const doc = cursor.doc;
  doc.moveTo(first.x, first.y);
  for (const point of rest) doc.lineTo(point.x, point.y);
  doc
    .lineWidth(Math.max(0.3, 0.8 * scale))
    .strokeColor('#757575')
    .stroke();
  const angle = Math.atan2(last.y - before.y, last.x - before.x);
  const size = Math.max(2, 5 * scale);
  const wing = (side: number) => ({ x: last.x - size * Math.cos(angle + side * 0.45), y: last.y - size * Math.sin(angle + side * 0.45) });
  const [left, right] = [wing(1), wing(-1)];
  doc.polygon([last.x, last.y], [left.x, left.y], [right.x, right.y]).fill('#757575');
}

function drawNode(cursor: PdfCursor, node: GraphLayout['nodes'][number], scale: number, origin: Point): void {
  const [x, y, width, height] = [origin.x + node.x * scale, origin.y + node.y * scale, node.width * scale, node.height * scale];
  cursor.doc.roundedRect(x, y, width, height, 3 * scale).fill(node.color);
  if (scale < MIN_LABEL_SCALE) return;
  const size = LABEL_SIZE * scale;
  cursor.textAt(node.label, x, y + (height - size) / 2 + 0.5 * scale, { size, color: textColorOn(node.color), width, align: 'center' });
}

/** The scale that fits the layout into the content width and `maxHeight`, never enlarged. */
function fitScale(layout: GraphLayout, width: number, maxHeight: number): number {
  return Math.min(1, width / Math.max(1, layout.width), maxHeight / Math.max(1, layout.height));
}

function drawLayout(cursor: PdfCursor, layout: GraphLayout, scale: number): void {
  const origin = { x: cursor.left + (cursor.width - layout.width * scale) / 2, y: cursor.y };
  for (const points of layout.edges) drawArrow(cursor, points, scale, origin);
  for (const node of layout.nodes) drawNode(cursor, node, scale, origin);
  cursor.y = origin.y + layout.height * scale + 6;
}

/**
 * Left to right, unless that would not be readable on a page (a long chain) and top to
 * bottom is larger there.
 */
function pageLayout(cursor: PdfCursor, graph: ReportTaskGraph): GraphLayout {
  cursor.doc.font(FONT.regular).fontSize(LABEL_SIZE);
  const measure = (text: string) => cursor.doc.widthOfString(text);
  const leftToRight = layoutTaskGraph(graph, measure, 'LR');
  const onPage = (layout: GraphLayout) => fitScale(layout, cursor.width, cursor.pageHeight - HEADING_HEIGHT - NOTE_HEIGHT);
  if (onPage(leftToRight) >= MIN_LABEL_SCALE) return leftToRight;
  const topToBottom = layoutTaskGraph(graph, measure, 'TB');
  return onPage(topToBottom) > onPage(leftToRight) ? topToBottom : leftToRight;
}

/**
 * The task dependency graph under its heading, as a vector drawing: boxes in the task
 * state's colour with the task id inside, arrows along the streams; left to right, top
 * to bottom when only that keeps the labels readable (pageLayout). It goes below the
 * cursor when it fits there at the content width, else on a new page, scaled down to the
 * page if needed. A graph too large to be read (MAX_GRAPH_TASKS, MIN_GRAPH_SCALE) is
 * replaced by a note pointing to the tasks table.
 */
export function drawTaskGraph(cursor: PdfCursor, title: string, graph: ReportTaskGraph): void {
  const tooLarge = `Graph of ${graph.nodes.length} tasks: too large to draw; see the tasks table.`;
  if (graph.nodes.length === 0 || graph.nodes.length > MAX_GRAPH_TASKS) {
    cursor.heading(title, NOTE_HEIGHT);
    return cursor.note(graph.nodes.length === 0 ? 'No tasks' : tooLarge);
  }
  const layout = pageLayout(cursor, graph);
  const natural = fitScale(layout, cursor.width, Infinity);
  // where it would have to shrink much below the cursor, a page of its own shows it larger
  if (fitScale(layout, cursor.width, cursor.remaining - HEADING_HEIGHT) < SHRINK_IN_PLACE * natural) cursor.ensureSpace(cursor.pageHeight);
  cursor.heading(title, Math.min(layout.height * natural * SHRINK_IN_PLACE, cursor.remaining - HEADING_HEIGHT));
  let scale = fitScale(layout, cursor.width, cursor.remaining);
  if (scale < MIN_GRAPH_SCALE) return cursor.note(tooLarge);
  if (scale < MIN_LABEL_SCALE) {
    cursor.note(`Graph of ${graph.nodes.length} tasks, drawn small: the task ids are in the tasks table.`);
    scale = fitScale(layout, cursor.width, cursor.remaining);
  }
  drawLayout(cursor, layout, scale);
}
