import { FONT, INK, type PdfCursor } from './pdf-page.js';
import { ellipsize, winAnsi } from './pdf-text.js';

/** A column: its header and share of the content width. */
export interface TableColumn {
  header: string;
  /** fraction of the content width; the fractions of a table add up to 1 */
  width: number;
  font?: string;
}

/** A cell: text, optionally with a colour swatch before it (a task state). */
export type TableCell = string | { text: string; swatch: string };

const FONT_SIZE = 8;
const PADDING = 3;
const SWATCH = 7;
/** a cell longer than this is cut with an ellipsis: a report row stays a row, not a page */
export const MAX_CELL_CHARS = 600;

const cellText = (cell: TableCell) => winAnsi(ellipsize(typeof cell === 'string' ? cell : cell.text, MAX_CELL_CHARS));
const swatchOf = (cell: TableCell) => (typeof cell === 'string' ? undefined : cell.swatch);

interface Placed {
  x: number;
  width: number;
}

function placeColumns(cursor: PdfCursor, columns: TableColumn[]): Placed[] {
  let x = cursor.left;
  return columns.map((column) => {
    const placed = { x, width: column.width * cursor.width };
    x += placed.width;
    return placed;
  });
}

function textWidth(placed: Placed, cell: TableCell): number {
  return placed.width - 2 * PADDING - (swatchOf(cell) ? SWATCH + 3 : 0);
}

function rowHeight(cursor: PdfCursor, columns: TableColumn[], placed: Placed[], cells: TableCell[]): number {
  const heights = cells.map((cell, i) => {
    cursor.doc.font(columns[i]?.font ?? FONT.regular).fontSize(FONT_SIZE);
    return cursor.doc.heightOfString(cellText(cell) || ' ', { width: textWidth(placed[i]!, cell) });
  });
  return Math.max(FONT_SIZE * 1.2, ...heights) + 2 * PADDING;
}

function drawHeader(cursor: PdfCursor, columns: TableColumn[], placed: Placed[]): void {
  const height = FONT_SIZE * 1.2 + 2 * PADDING;
  cursor.doc.rect(cursor.left, cursor.y, cursor.width, height).fill(INK.header);
  columns.forEach((column, i) => {
    cursor.textAt(column.header, placed[i]!.x + PADDING, cursor.y + PADDING, { font: FONT.bold, size: FONT_SIZE, width: placed[i]!.width - 2 * PADDING });
  });
  cursor.y += height;
}

function drawRow(cursor: PdfCursor, columns: TableColumn[], placed: Placed[], cells: TableCell[], height: number): void {
  const top = cursor.y;
  cells.forEach((cell, i) => {
    const at = placed[i]!;
    let x = at.x + PADDING;
    const swatch = swatchOf(cell);
    if (swatch) {
      cursor.doc.rect(x, top + PADDING + 0.5, SWATCH, SWATCH).fill(swatch);
      x += SWATCH + 3;
    }
    cursor.doc
      .font(columns[i]?.font ?? FONT.regular)
      .fontSize(FONT_SIZE)
      .fillColor(INK.text)
      .text(cellText(cell), x, top + PADDING, { width: textWidth(at, cell) });
  });
  cursor.doc.x = cursor.left;
  cursor.y = top + height;
  cursor.doc.moveTo(cursor.left, cursor.y).lineTo(cursor.left + cursor.width, cursor.y).lineWidth(0.3).strokeColor(INK.rule).stroke();
}

/**
 * A table across the content width: a grey header row, repeated on every page the
 * table reaches; rows are never split across pages (a cell is at most MAX_CELL_CHARS, so
 * a row is always shorter than a page). Returns without drawing anything for no rows.
 */
export function drawTable(cursor: PdfCursor, columns: TableColumn[], rows: TableCell[][]): void {
  const placed = placeColumns(cursor, columns);
  const headerHeight = FONT_SIZE * 1.2 + 2 * PADDING;
  let first = true;
  for (const cells of rows) {
    const height = rowHeight(cursor, columns, placed, cells);
    if (first || height > cursor.remaining) {
      cursor.ensureSpace(headerHeight + height);
      drawHeader(cursor, columns, placed);
      first = false;
    }
    drawRow(cursor, columns, placed, cells, height);
  }
  cursor.y += 6;
}
