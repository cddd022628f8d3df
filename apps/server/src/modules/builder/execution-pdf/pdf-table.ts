import { FONT } from './pdf-fonts.js';
import { INK, textColorOn, type PdfCursor } from './pdf-page.js';
import { ellipsize, pdfText } from './pdf-text.js';

/** A column: its header and share of the content width. */
export interface TableColumn {
  header: string;
  /** fraction of the content width; the fractions of a table add up to 1 */
  width: number;
  font?: string;
}

/** A cell: text, optionally on a colour (a task state in its state's colour). */
export type TableCell = string | { text: string; fill: string };

const FONT_SIZE = 8;
const PADDING = 3;
/** a cell longer than this is cut with an ellipsis: a report row stays a row, not a page */
const MAX_CELL_CHARS = 600;

const RULE = { border: { top: 0, right: 0, bottom: 0.3, left: 0 }, borderColor: INK.rule } as const;

function cellOf(cell: TableCell): PDFKit.Mixins.CellOptions {
  if (typeof cell === 'string') return { text: pdfText(ellipsize(cell, MAX_CELL_CHARS)) };
  return { text: pdfText(ellipsize(cell.text, MAX_CELL_CHARS)), backgroundColor: cell.fill, textColor: textColorOn(cell.fill) };
}

/** The height PDFKit's table gives a row: its tallest cell and the padding. */
function rowHeight(cursor: PdfCursor, columns: TableColumn[], row: PDFKit.Mixins.CellOptions[], bold = false): number {
  const heights = row.map((cell, i) => {
    cursor.doc.font(bold ? FONT.bold : (columns[i]?.font ?? FONT.regular)).fontSize(FONT_SIZE);
    return cursor.doc.heightOfString(cell.text || ' ', { width: columns[i]!.width * cursor.width - 2 * PADDING });
  });
  return Math.max(...heights) + 2 * PADDING;
}

/** One page's part of a table, header row first, drawn by PDFKit's table. */
function drawPart(cursor: PdfCursor, columns: TableColumn[], rows: PDFKit.Mixins.CellOptions[][]): void {
  const header = columns.map((column) => ({ text: pdfText(column.header), font: { src: FONT.bold }, backgroundColor: INK.header, border: 0 }));
  // the cells' font size is the document's
  cursor.doc.fontSize(FONT_SIZE).table({
    position: { x: cursor.left, y: cursor.y },
    maxWidth: cursor.width,
    columnStyles: columns.map((column) => ({ width: column.width * cursor.width, font: { src: column.font ?? FONT.regular } })),
    defaultStyle: { padding: PADDING, textColor: INK.text, ...RULE },
    data: [header, ...rows],
  });
  cursor.doc.x = cursor.left;
}

/**
 * A table across the content width: a grey header row, repeated on every page the table
 * reaches; rows are never split across pages (a cell is at most MAX_CELL_CHARS, so a row
 * is always shorter than a page). Each page's part is one PDFKit table; we only measure
 * rows to know where a page ends. Draws nothing for no rows.
 */
export function drawTable(cursor: PdfCursor, columns: TableColumn[], rows: TableCell[][]): void {
  if (rows.length === 0) return;
  const cells = rows.map((row) => row.map(cellOf));
  const headerHeight = rowHeight(
    cursor,
    columns,
    columns.map((column) => ({ text: column.header })),
    true,
  );
  let part: PDFKit.Mixins.CellOptions[][] = [];
  let room = 0;
  for (const row of cells) {
    const height = rowHeight(cursor, columns, row);
    if (part.length === 0 || height >= room) {
      if (part.length > 0) drawPart(cursor, columns, part);
      part = [];
      cursor.ensureSpace(headerHeight + height);
      room = cursor.remaining - headerHeight;
    }
    part.push(row);
    room -= height;
  }
  drawPart(cursor, columns, part);
  cursor.y += 6;
}
