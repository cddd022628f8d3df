import type { TaskOutcome } from '../executors/executor.js';

/**
 * What a task reports is stored in PostgreSQL, whose text and jsonb cannot hold U+0000: a task
 * whose outputs hold one would have its success refused by the database and its execution never
 * end. Such outputs fail the task, naming the output; a failure's text loses its NULs.
 */
export function storableOutcome(outcome: TaskOutcome): TaskOutcome {
  if (!outcome.ok) return { ...outcome, error: withoutNul(outcome.error) };
  for (const [name, value] of Object.entries(outcome.outputs)) {
    if (holdsNul(name) || holdsNul(value)) {
      return { ok: false, error: `Output '${withoutNul(name)}' holds a NUL character (U+0000), which cannot be stored.` };
    }
  }
  return outcome;
}

const withoutNul = (text: string): string => text.replaceAll('\0', '');

function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (typeof value === 'object' && value !== null) return Object.entries(value).some(([key, item]) => key.includes('\0') || holdsNul(item));
  return false;
}
