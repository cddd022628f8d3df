import { DocumentRefused, type DocumentLimits } from './document-limits.js';
import { jsonNestsDeeper } from './json-depth.js';
import { checkValueLimits } from './value-limits.js';

/**
 * JSON text as a value, within `limits`: refused (DocumentRefused) before JSON.parse when
 * too large or too deep, so parsing stays a few milliseconds per megabyte on the event loop.
 * A syntax error is thrown as JSON.parse's SyntaxError, for the caller to word.
 */
export function parseJsonDocument(text: string, limits: DocumentLimits, what?: string): unknown {
  if (Buffer.byteLength(text, 'utf8') > limits.maxBytes) throw DocumentRefused.tooLarge(limits.maxBytes, what);
  if (jsonNestsDeeper(text, limits.maxDepth)) throw DocumentRefused.tooDeep(limits.maxDepth, what);
  const value: unknown = JSON.parse(text);
  if (limits.maxValues !== undefined) checkValueLimits(value, { maxDepth: limits.maxDepth, maxValues: limits.maxValues }, what);
  return value;
}
