import { FONT } from './pdf-fonts.js';
import { pdfText } from './pdf-text.js';

/** The page geometry and type scale of the report (A4 portrait, points). */
export const PAGE = {
  size: 'A4',
  margin: 40,
  /** room kept at the bottom for the page footer */
  footer: 16,
} as const;

/** The height a section heading takes, its space above and the rule under it included. */
export const HEADING_HEIGHT = 31;

/** The report's neutral colours; state colours come from the display rules. */
export const INK = { text: '#212121', muted: '#616161', rule: '#bdbdbd', header: '#eeeeee', errorText: '#b71c1c', errorFill: '#ffebee' } as const;

/**
 * Where the report writes on the current page. Everything is placed explicitly and
 * checked against `bottom` first (ensureSpace): PDFKit would otherwise start pages of
 * its own in the middle of a drawing.
 */
export class PdfCursor {
  constructor(readonly doc: PDFKit.PDFDocument) {}

  get left(): number {
    return PAGE.margin;
  }

  get width(): number {
    return this.doc.page.width - 2 * PAGE.margin;
  }

  get top(): number {
    return PAGE.margin;
  }

  /** the lowest y content may reach on this page */
  get bottom(): number {
    return this.doc.page.height - PAGE.margin - PAGE.footer;
  }

  /** height of a page's writable area */
  get pageHeight(): number {
    return this.bottom - this.top;
  }

  get y(): number {
    return this.doc.y;
  }

  set y(value: number) {
    this.doc.y = value;
  }

  get remaining(): number {
    return this.bottom - this.doc.y;
  }

  newPage(): void {
    this.doc.addPage();
    this.doc.x = this.left;
    this.doc.y = this.top;
  }

  /** Starts a new page unless `height` fits below the cursor (a fresh page always takes it). */
  ensureSpace(height: number): void {
    if (height > this.remaining && this.doc.y > this.top) this.newPage();
  }

  /**
   * Text at (x, y) in one line, never starting a page (the caller has checked the space)
   * and leaving the cursor where it was: placed drawings do not move the flow.
   */
  textAt(
    text: string,
    x: number,
    y: number,
    options: { font?: string; size: number; color?: string; width?: number; align?: 'left' | 'center' | 'right' },
  ): void {
    const [flowX, flowY] = [this.doc.x, this.doc.y];
    this.doc
      .font(options.font ?? FONT.regular)
      .fontSize(options.size)
      .fillColor(options.color ?? INK.text)
      .text(pdfText(text), x, y, { lineBreak: false, ...(options.width !== undefined ? { width: options.width } : {}), align: options.align ?? 'left' });
    this.doc.x = flowX;
    this.doc.y = flowY;
  }

  /** A section heading (HEADING_HEIGHT high), kept on one page with `keepWith` points of what follows it. */
  heading(text: string, keepWith = 40): void {
    this.ensureSpace(HEADING_HEIGHT + keepWith);
    if (this.y > this.top) this.y += 8;
    this.textAt(text, this.left, this.y, { font: FONT.bold, size: 13 });
    const rule = this.y + 17;
    this.doc
      .moveTo(this.left, rule)
      .lineTo(this.left + this.width, rule)
      .lineWidth(0.5)
      .strokeColor(INK.rule)
      .stroke();
    this.y = rule + 6;
  }

  /** Wrapped text across the content width, started on a new page when its first lines do not fit. */
  paragraph(text: string, options: { font?: string; size?: number; color?: string } = {}): void {
    const size = options.size ?? 9;
    this.doc.font(options.font ?? FONT.regular).fontSize(size);
    const safe = pdfText(text);
    const height = this.doc.heightOfString(safe, { width: this.width });
    this.ensureSpace(Math.min(height, 3 * size * 1.2));
    this.doc.fillColor(options.color ?? INK.text).text(safe, this.left, this.y, { width: this.width });
    this.doc.x = this.left;
    this.y += 4;
  }

  /** A muted one-line remark, e.g. 'No outputs'. */
  note(text: string): void {
    this.paragraph(text, { font: FONT.oblique, size: 9, color: INK.muted });
  }
}

/** Black or white, whichever reads better on the fill colour (#rrggbb). */
export function textColorOn(fill: string): string {
  const value = Number.parseInt(fill.replace('#', ''), 16);
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  const luminance = (0.299 * r + 0.587 * g + 0.114 * b) / 255;
  return luminance > 0.6 ? '#000000' : '#ffffff';
}
