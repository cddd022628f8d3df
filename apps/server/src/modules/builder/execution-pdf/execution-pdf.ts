import PDFDocument from 'pdfkit';
import { formatReportDate, statusGroup, statusLabel, taskStateText, type StatusGroup } from '@asb/contracts';
import type { ExecutionReportData } from './execution-report-data.js';
import { drawTaskGraph } from './pdf-graph.js';
import { FONT } from './pdf-fonts.js';
import { INK, PAGE, PdfCursor, textColorOn } from './pdf-page.js';
import { drawTable } from './pdf-table.js';
import { drawTimeline } from './pdf-timeline.js';
import { pdfText } from './pdf-text.js';

/** The status badge's colours (spec 1 §4 groups), darker than the task colours so the two never read alike. */
const STATUS_FILLS: Record<StatusGroup, string> = {
  success: '#2b8a3e',
  pending: '#868e96',
  running: '#1c7ed6',
  failed: '#c92a2a',
  neutral: '#343a40',
};

function drawTitle(cursor: PdfCursor, report: ExecutionReportData): void {
  cursor.textAt('Execution Report', cursor.left, cursor.y, { font: FONT.bold, size: 20 });
  cursor.y += 26;
  cursor.textAt(report.identifier, cursor.left, cursor.y, { size: 11, color: INK.muted });
  // written as the web's badge writes it (one status rule, docs/decisions.md), not in capitals
  const label = statusLabel(report.status, report.progress, 'execution');
  const fill = STATUS_FILLS[statusGroup(report.status)];
  cursor.doc.font(FONT.bold).fontSize(8);
  const badgeWidth = cursor.doc.widthOfString(pdfText(label)) + 12;
  const x = cursor.left + cursor.width - badgeWidth;
  cursor.doc.roundedRect(x, cursor.y - 4, badgeWidth, 16, 8).fill(fill);
  cursor.textAt(label, x, cursor.y, { font: FONT.bold, size: 8, color: textColorOn(fill), width: badgeWidth, align: 'center' });
  cursor.y += 18;
  cursor.textAt(`Generated ${formatReportDate(report.generatedAt)} UTC. All times are UTC.`, cursor.left, cursor.y, { size: 7, color: INK.muted });
  cursor.y += 12;
}

function drawError(cursor: PdfCursor, error: string): void {
  cursor.doc.font(FONT.regular).fontSize(9);
  const text = pdfText(`Error: ${error}`);
  const height = Math.min(cursor.doc.heightOfString(text, { width: cursor.width - 12 }), 200) + 10;
  cursor.ensureSpace(height);
  cursor.doc.rect(cursor.left, cursor.y, cursor.width, height).fill(INK.errorFill);
  cursor.doc.fillColor(INK.errorText).text(text, cursor.left + 6, cursor.y + 5, { width: cursor.width - 12, height: height - 10, ellipsis: true });
  cursor.doc.x = cursor.left;
  cursor.y += height + 6;
}

function drawSummary(cursor: PdfCursor, report: ExecutionReportData): void {
  drawTable(
    cursor,
    [
      { header: 'Field', width: 0.25, font: FONT.bold },
      { header: 'Value', width: 0.75 },
    ],
    report.summary.map((row) => [row.label, row.value]),
  );
}

function drawInputs(cursor: PdfCursor, report: ExecutionReportData): void {
  cursor.heading('Inputs');
  if (report.inputs.length === 0) return cursor.note('No inputs');
  drawTable(
    cursor,
    [
      { header: 'Label', width: 0.35 },
      { header: 'Value', width: 0.65 },
    ],
    report.inputs.map((row) => [row.label, row.value]),
  );
}

function drawOutputs(cursor: PdfCursor, report: ExecutionReportData): void {
  cursor.heading('Outputs');
  if (report.outputs.length === 0) return cursor.note('No outputs');
  drawTable(
    cursor,
    [
      { header: 'Task', width: 0.2 },
      { header: 'Key', width: 0.15 },
      { header: 'Type', width: 0.13 },
      { header: 'Value', width: 0.52 },
    ],
    report.outputs.map((row) => [row.taskId, row.key, row.typeLabel, row.value]),
  );
}

function drawTasks(cursor: PdfCursor, report: ExecutionReportData): void {
  cursor.heading('Tasks');
  if (report.tasks.length === 0) return cursor.note('No tasks');
  drawTable(
    cursor,
    [
      // a date (YYYY-MM-DD HH:mm:ss) fits one line of DejaVu Sans 8 pt at 0.18 of the width
      { header: 'Task', width: 0.2 },
      { header: 'Worker', width: 0.14 },
      { header: 'Start', width: 0.18 },
      { header: 'End', width: 0.18 },
      { header: 'Duration', width: 0.12 },
      { header: 'State', width: 0.18 },
    ],
    report.tasks.map((row) => [row.taskId, row.worker || '-', row.start, row.end, row.duration, { text: taskStateText(row.state), fill: row.color }]),
  );
  if (report.taskErrors.length === 0) return;
  cursor.heading('Task errors');
  drawTable(
    cursor,
    [
      { header: 'Task', width: 0.2 },
      { header: 'Attempt', width: 0.1 },
      { header: 'Error', width: 0.7 },
    ],
    report.taskErrors.map((row) => [row.taskId, String(row.tryNumber), row.error]),
  );
}

/** 'Execution Report · {identifier}' and 'Page i of n' under every page, once all pages exist. */
function drawFooters(doc: PDFKit.PDFDocument, identifier: string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const cursor = new PdfCursor(doc);
    // writing below the bottom margin would make PDFKit start yet another page
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - PAGE.margin;
    cursor.textAt(`Execution Report · ${identifier}`, cursor.left, y, { size: 7, color: INK.muted });
    cursor.textAt(`Page ${i - range.start + 1} of ${range.count}`, cursor.left, y, { size: 7, color: INK.muted, width: cursor.width, align: 'right' });
    doc.page.margins.bottom = bottom;
  }
}

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/**
 * The execution report as a PDF (spec 1 §2 "Execution report", docs/execution-report.md):
 * title, identifier and status; the summary; the execution's error; the task graph and
 * the timeline as vector drawings; the inputs, outputs and tasks tables; page numbers.
 */
export function renderExecutionPdf(report: ExecutionReportData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: PAGE.size,
    margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: PAGE.margin + PAGE.footer },
    bufferPages: true,
    info: { Title: `Execution Report ${report.identifier}`, Creator: 'ASB', CreationDate: report.generatedAt },
  });
  const done = collect(doc);
  doc.font(FONT.regular);
  const cursor = new PdfCursor(doc);
  drawTitle(cursor, report);
  drawSummary(cursor, report);
  if (report.error) drawError(cursor, report.error);
  drawTaskGraph(cursor, 'Task dependency graph', report.graph);
  drawTimeline(cursor, 'Timeline', report.tasks, report.openEnd);
  drawInputs(cursor, report);
  drawOutputs(cursor, report);
  drawTasks(cursor, report);
  drawFooters(doc, report.identifier);
  doc.end();
  return done;
}
