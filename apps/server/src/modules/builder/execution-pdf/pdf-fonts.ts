import fs from 'node:fs';
import { createRequire } from 'node:module';

/**
 * DejaVu Sans (npm `dejavu-fonts-ttf`), embedded (subset) in every report: Latin, Greek,
 * Cyrillic, Armenian, Georgian, Hebrew, Arabic and many symbols print as themselves — the
 * PDF's built-in Helvetica could print Windows-1252 only. CJK is not in DejaVu.
 */
export const FONT = { regular: 'DejaVuSans', bold: 'DejaVuSans-Bold', oblique: 'DejaVuSans-Oblique' } as const;

// resolved from this module, so it works from src (tsx, vitest) and from dist alike
const require = createRequire(import.meta.url);
let files: Map<string, Buffer> | undefined;

function fontFiles(): Map<string, Buffer> {
  files ??= new Map(Object.values(FONT).map((name) => [name, fs.readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}.ttf`))]));
  return files;
}

/** Registers the report's fonts under FONT's names and makes the regular one current. */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  for (const [name, file] of fontFiles()) doc.registerFont(name, file);
  doc.font(FONT.regular);
}
