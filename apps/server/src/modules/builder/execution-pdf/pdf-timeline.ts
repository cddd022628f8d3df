import { formatReportDate, type ReportTaskRow } from '@asb/contracts';
import { HEADING_HEIGHT, INK, type PdfCursor } from './pdf-page.js';
import { ellipsize } from './pdf-text.js';

/** At most this many bars: the timeline stays on one page; the tasks table lists every task. */
export const MAX_TIMELINE_BARS = 300;
const LABEL_WIDTH = 130;
const AXIS_HEIGHT = 22;
const ROW_HEIGHT = 12;
const MIN_ROW_HEIGHT = 2;
/** rows lower than this get no task id beside their bar */
const MIN_LABELLED_ROW = 7;
const NICE_STEPS_S = [0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400, 172800, 604800];
const MAX_TICKS = 8;

/** The axis step: the smallest nice step giving at most MAX_TICKS intervals over the span. */
export function tickStep(spanSeconds: number): number {
  return NICE_STEPS_S.find((step) => spanSeconds / step <= MAX_TICKS) ?? Math.ceil(spanSeconds / MAX_TICKS / 86400) * 86400;
}

/** A tick's offset from the first start, in the unit of the step: '+90 s', '+15 min', '+2 h'. */
export function tickLabel(offsetSeconds: number, step: number): string {
  if (step < 1) return `+${offsetSeconds.toFixed(1)} s`;
  if (step < 60) return `+${Math.round(offsetSeconds)} s`;
  if (step < 3600) return `+${Math.round(offsetSeconds / 60)} min`;
  return `+${Math.round(offsetSeconds / 3600)} h`;
}

interface Span {
  start: number;
  end: number;
}

/** From the first start to the last known time; a task still running reaches `openEnd`. */
function timeSpan(rows: ReportTaskRow[], openEnd: number): Span | undefined {
  const started = rows.filter((row) => row.startMs !== undefined);
  if (started.length === 0) return undefined;
  const start = Math.min(...started.map((row) => row.startMs!));
  const end = Math.max(...started.map((row) => row.endMs ?? Math.max(openEnd, row.startMs!)));
  return { start, end: Math.max(end, start + 1000) };
}

function drawAxis(cursor: PdfCursor, span: Span, x0: number, width: number, top: number, height: number): void {
  const seconds = (span.end - span.start) / 1000;
  const step = tickStep(seconds);
  cursor.textAt(`from ${formatReportDate(span.start)} UTC`, cursor.left, top + 8, { size: 7, color: INK.muted });
  for (let offset = 0; offset <= seconds + 1e-9; offset += step) {
    const x = x0 + (offset / seconds) * width;
    cursor.doc
      .moveTo(x, top + AXIS_HEIGHT - 4)
      .lineTo(x, top + height)
      .lineWidth(0.3)
      .strokeColor(INK.rule)
      .stroke();
    cursor.textAt(tickLabel(offset, step), x - 30, top + 8, { size: 7, color: INK.muted, width: 60, align: 'center' });
  }
}

/**
 * The timeline under its heading: one bar per task in the order given (the task rows,
 * sorted by start), from its start to its end in the state's colour, a task still running
 * up to `openEnd`, under a time axis of offsets from the first start. Rows shrink to keep
 * heading and timeline on one page; past MAX_TIMELINE_BARS a note says how many are left out.
 */
export function drawTimeline(cursor: PdfCursor, title: string, tasks: ReportTaskRow[], openEnd: number): void {
  const rows = tasks.slice(0, MAX_TIMELINE_BARS);
  const span = timeSpan(rows, openEnd);
  if (!span) {
    cursor.heading(title, 16);
    return cursor.note(tasks.length === 0 ? 'No tasks' : 'No task has started yet.');
  }
  const capped = tasks.length > rows.length;
  const room = cursor.pageHeight - HEADING_HEIGHT - AXIS_HEIGHT - (capped ? 20 : 4);
  const rowHeight = Math.max(MIN_ROW_HEIGHT, Math.min(ROW_HEIGHT, room / rows.length));
  const height = AXIS_HEIGHT + rows.length * rowHeight;
  cursor.heading(title, height + (capped ? 16 : 0));
  if (capped) cursor.note(`Timeline of the first ${rows.length} of ${tasks.length} tasks by start; the tasks table lists them all.`);
  const top = cursor.y;
  const x0 = cursor.left + LABEL_WIDTH + 6;
  const width = cursor.left + cursor.width - x0 - 12;
  drawAxis(cursor, span, x0, width, top, height);
  const at = (ms: number) => x0 + ((ms - span.start) / (span.end - span.start)) * width;
  rows.forEach((row, i) => {
    const y = top + AXIS_HEIGHT + i * rowHeight;
    if (rowHeight >= MIN_LABELLED_ROW) cursor.textAt(ellipsize(row.taskId, 30), cursor.left, y + (rowHeight - 7) / 2, { size: 7, width: LABEL_WIDTH });
    if (row.startMs === undefined) return;
    const x = at(row.startMs);
    const end = at(row.endMs ?? Math.max(openEnd, row.startMs));
    cursor.doc.rect(x, y + rowHeight * 0.15, Math.max(1.5, end - x), rowHeight * 0.7).fill(row.color);
  });
  cursor.y = top + height + 4;
}
