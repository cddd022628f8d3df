/**
 * Text as the report prints it: line breaks kept (CRLF as one), tabs and other control
 * characters as spaces. Every other character prints as itself in the embedded Unicode
 * font (pdf-fonts.ts); one the font has no glyph for shows as its empty box.
 */
export function pdfText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/[^\P{Cc}\n]/gu, ' ');
}

/** The text cut to `max` characters, ending with an ellipsis when cut. */
export function ellipsize(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, Math.max(0, max - 1)).join('')}…`;
}
