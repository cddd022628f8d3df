import { DocumentRefused } from './document-limits.js';

/**
 * Refuses a parsed value (a JSON body, a CQL2 filter) that nests deeper than `maxDepth` or
 * holds more than `maxValues` values, before code that recurses over it or turns each value
 * into SQL runs. Iterative, and it stops at the first limit passed.
 */
export function checkValueLimits(value: unknown, limits: { maxDepth: number; maxValues: number }, what?: string): void {
  const pending: [unknown, number][] = [[value, 1]];
  let values = 0;
  while (pending.length > 0) {
    const [next, depth] = pending.pop()!;
    if (++values > limits.maxValues) throw DocumentRefused.tooManyValues(limits.maxValues, what);
    if (typeof next !== 'object' || next === null) continue;
    if (depth > limits.maxDepth) throw DocumentRefused.tooDeep(limits.maxDepth, what);
    for (const child of Array.isArray(next) ? next : Object.values(next)) pending.push([child, depth + 1]);
  }
}
