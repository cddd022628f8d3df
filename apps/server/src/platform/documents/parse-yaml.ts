import { parseDocument } from 'yaml';
import { DocumentRefused } from './document-limits.js';
import { scanYaml } from './yaml-scan.js';

export interface YamlTask {
  text: string;
  maxDepth: number;
  maxValues: number;
  /** yaml's own cap on alias expansion (a billion laughs) */
  maxAliasCount: number;
}

/** What crosses back from the worker: plain data (an Error loses its class on the way). */
export type YamlResult = { kind: 'value'; value: unknown } | { kind: 'refused'; status: 400 | 413; message: string } | { kind: 'invalid'; message: string };

/**
 * YAML (or JSON) text as a value, within the limits: the lexer's scan refuses a document past
 * them before the parse builds anything. Run in the document worker (document-pool.ts).
 */
export function parseYaml(task: YamlTask): YamlResult {
  try {
    scanYaml(task.text, task);
  } catch (error) {
    if (error instanceof DocumentRefused) return { kind: 'refused', status: error.status, message: error.message };
    // the lexer does not fail on bad YAML; whatever it throws, the parse below words it
  }
  const document = parseDocument(task.text, { prettyErrors: false, uniqueKeys: true });
  if (document.errors.length > 0) return { kind: 'invalid', message: firstLine(document.errors[0]!.message) };
  try {
    return { kind: 'value', value: document.toJS({ maxAliasCount: task.maxAliasCount }) };
  } catch (error) {
    return { kind: 'invalid', message: firstLine(error instanceof Error ? error.message : String(error)) };
  }
}

const firstLine = (text: string) => text.split('\n')[0]!.trim().replace(/\.$/, '');
