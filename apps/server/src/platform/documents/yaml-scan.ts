import { CST, Lexer } from 'yaml';
import { DocumentRefused } from './document-limits.js';

/** What a token of the lexer starts: a value counted, or a nesting. */
const VALUE_TOKENS = new Set(['scalar', 'single-quoted-scalar', 'double-quoted-scalar', 'alias', 'seq-item-ind', 'explicit-key-ind']);
const FLOW_START = new Set(['flow-seq-start', 'flow-map-start']);
const FLOW_END = new Set(['flow-seq-end', 'flow-map-end']);
/** The lexer's markers (document, flow end, scalar) take no room in the text. */
const MARKERS = new Set([CST.DOCUMENT, CST.FLOW_END, CST.SCALAR]);

/**
 * Reads YAML (or JSON) text with the yaml package's lexer alone and refuses it at the first
 * limit passed: nesting deeper than `maxDepth` (flow collections, block collections by their
 * indentation or by indicators on one line, `- - - x`) or more than `maxValues` values. The
 * full parse builds a tree of every value (a megabyte of nested lists: 4 s and as long again
 * in garbage collection); the lexer stops as soon as a limit is passed.
 */
export function scanYaml(text: string, limits: { maxDepth: number; maxValues: number }): void {
  let values = 0;
  let flowDepth = 0;
  // the columns where the open block collections' entries start
  const blocks: number[] = [];
  let column = 0;
  for (const token of new Lexer().lex(text)) {
    const type = CST.tokenType(token);
    if (type === 'newline') {
      column = 0;
      continue;
    }
    const startsValue = token === CST.SCALAR || (type !== null && (VALUE_TOKENS.has(type) || FLOW_START.has(type)));
    if (startsValue && flowDepth === 0) {
      while (blocks.length > 0 && blocks[blocks.length - 1]! >= column) blocks.pop();
      blocks.push(column);
    }
    if (token === CST.SCALAR || (type !== null && VALUE_TOKENS.has(type)) || (type !== null && FLOW_START.has(type))) {
      if (++values > limits.maxValues) throw DocumentRefused.tooManyValues(limits.maxValues);
    }
    if (type !== null && FLOW_START.has(type)) flowDepth++;
    else if (type !== null && FLOW_END.has(type)) flowDepth = Math.max(0, flowDepth - 1);
    if (blocks.length + flowDepth > limits.maxDepth) throw DocumentRefused.tooDeep(limits.maxDepth);
    if (!MARKERS.has(token)) {
      const lastNewline = token.lastIndexOf('\n');
      column = lastNewline === -1 ? column + token.length : token.length - lastNewline - 1;
    }
  }
}
