/** A token of a highlighted line: plain text when `kind` is undefined. */
export interface YamlToken {
  text: string;
  kind?: 'comment' | 'key' | 'string' | 'number' | 'literal' | 'punctuation';
}

/** A block key at the start of a line, after its indentation and list dashes: `  - s:author:` (a key may hold colons not followed by a space). */
const LINE_KEY = /^(\s*(?:-\s+)*)((?:[^\s#'"{[:]|:(?!\s|$))(?:[^#:]|:(?!\s|$))*?|"(?:[^"\\]|\\.)*"|'(?:[^']|'')*')(\s*:)(?=\s|$)/;
// the rest of a line, one alternative per kind; a quoted string followed by ':' is a (flow, JSON) key
const VALUE =
  /(#.*$)|((?:"(?:[^"\\]|\\.)*"|'(?:[^']|'')*')\s*:)|("(?:[^"\\]|\\.)*"|'(?:[^']|'')*')|((?<![\w.$/:-])-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?(?![\w.$/:-]))|((?<![\w.$/:-])(?:true|false|null|True|False|~)(?![\w.$/:-]))|((?<!\S)-(?=\s)|[{}[\],]|(?<=^\s*)[|>][-+]?(?=\s*$))/g;
const KINDS: YamlToken['kind'][] = ['comment', 'key', 'string', 'number', 'literal', 'punctuation'];

function valueTokens(text: string, tokens: YamlToken[]): void {
  let last = 0;
  for (const match of text.matchAll(VALUE)) {
    if (match.index > last) tokens.push({ text: text.slice(last, match.index) });
    const group = match.findIndex((value, index) => index > 0 && value !== undefined);
    tokens.push({ text: match[0], kind: KINDS[group - 1] });
    last = match.index + match[0].length;
  }
  if (last < text.length) tokens.push({ text: text.slice(last) });
}

/**
 * A light YAML (and JSON) highlighter for the CWL tab: keys, strings, numbers, literals and
 * comments of each line. No editor is in the web app's dependencies (docs/decisions.md);
 * a '#' inside a quoted string is no comment (the string is matched first).
 */
export function highlightLine(line: string): YamlToken[] {
  const tokens: YamlToken[] = [];
  const key = LINE_KEY.exec(line);
  if (!key) {
    valueTokens(line, tokens);
    return tokens;
  }
  const [whole, lead = '', name = '', colon = ''] = key;
  if (lead) valueTokens(lead, tokens);
  tokens.push({ text: name + colon, kind: 'key' });
  valueTokens(line.slice(whole.length), tokens);
  return tokens;
}

const indentOf = (line: string) => line.length - line.trimStart().length;

/** Every line of a document; the lines of a block scalar (`doc: |`) are one string, whatever they hold. */
export function highlightYaml(text: string): YamlToken[][] {
  let blockIndent: number | undefined;
  return text.split('\n').map((line) => {
    if (blockIndent !== undefined) {
      if (line.trim() === '' || indentOf(line) > blockIndent) return [{ text: line, kind: 'string' as const }];
      blockIndent = undefined;
    }
    const tokens = highlightLine(line);
    if (/:\s*[|>][-+]?\s*$/.test(line)) blockIndent = indentOf(line);
    return tokens;
  });
}
