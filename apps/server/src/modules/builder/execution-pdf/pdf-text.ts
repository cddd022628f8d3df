/**
 * Text for the PDF's built-in Helvetica fonts, which encode WinAnsi (Windows-1252) only:
 * any other character would print as garbage. Nothing is downloaded, so no other font.
 */

// Windows-1252's characters beyond Latin-1 (0x80-0x9F)
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
// common characters outside WinAnsi with a readable stand-in
const REPLACEMENTS: Record<string, string> = {
  '≥': '>=',
  '≤': '<=',
  '≠': '!=',
  '→': '->',
  '←': '<-',
  '⇒': '=>',
  '−': '-',
  '‐': '-',
  '‑': '-',
  '√': 'sqrt',
  '∞': 'inf',
  '✓': 'v',
  '✔': 'v',
  '✗': 'x',
  '✘': 'x',
  '\u00a0': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
};

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char);
}

/** One character as WinAnsi: itself, a stand-in, its letters without accents (ő -> o), else '?'. */
function winAnsiChar(char: string): string {
  if (char === '\n') return char;
  if (isWinAnsi(char)) return char;
  const replacement = REPLACEMENTS[char];
  if (replacement !== undefined) return replacement;
  if (/\s|\p{Cc}/u.test(char)) return ' ';
  // a combining mark alone (left by an earlier decomposition) adds nothing
  if (/\p{M}/u.test(char)) return '';
  const folded = [...char.normalize('NFKD')].filter((part) => isWinAnsi(part)).join('');
  return folded || '?';
}

/**
 * The text with every character the WinAnsi fonts can print: line breaks kept (CRLF as
 * one), tabs and other control characters as spaces, accents folded where the letter
 * itself is not in WinAnsi, anything else as '?'.
 */
export function winAnsi(text: string): string {
  return [...text.replace(/\r\n?/g, '\n')].map(winAnsiChar).join('');
}

/** The text cut to `max` characters, ending with an ellipsis when cut. */
export function ellipsize(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, Math.max(0, max - 1)).join('')}…`;
}
