import { parseProductInputUrl, type ExecutionTaskAttributes } from '@asb/contracts';

/**
 * What the executions lists and reports show of an application or model execution (spec 3 §2
 * Executions lists and reports, §9), apart from the widgets.
 */

/** The execution time of a task: its own executionTime, else from creation to completion. */
export function taskSeconds(attributes: Pick<ExecutionTaskAttributes, 'executionTime' | 'createdAt' | 'completionTime'>): number | null {
  if (attributes.executionTime !== null) return attributes.executionTime;
  if (!attributes.completionTime) return null;
  return (Date.parse(attributes.completionTime) - Date.parse(attributes.createdAt)) / 1000;
}

/** The target as people read it: 'local' is Default (spec 3 §9). */
export const targetLabel = (target: string) => (target === 'local' ? 'Default' : target);

/** The input value as text for the tables: an EO product as 'collection / item' rather than its catalogue link. */
export function inputText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') {
    const product = parseProductInputUrl(value);
    return product?.collectionId ? `${product.collectionId} / ${product.itemId}` : value;
  }
  if (Array.isArray(value)) return value.map(inputText).join(', ');
  if (typeof value === 'object') {
    const location = (value as Record<string, unknown>).location ?? (value as Record<string, unknown>).href;
    if (typeof location === 'string') return location;
  }
  return JSON.stringify(value);
}
