import { z } from 'zod';

/**
 * Constraints a process input declares in its wrapper (docs/process-runtime.md "Input
 * constraints"): the signature carries them, workflow inputs inherit them, and the
 * execute form and the server check every value against them with the same rules.
 */

export const MAX_PATTERN_LENGTH = 200;

/** The full value must match: the pattern is anchored at both ends. */
export function anchoredPattern(pattern: string): RegExp {
  return new RegExp(`^(?:${pattern})$`, 'u');
}

function isValidPattern(pattern: string): boolean {
  try {
    anchoredPattern(pattern);
    return true;
  } catch {
    return false;
  }
}

/** The fields, also those a workflow input item carries beside its own constraints. */
export const processInputConstraintsShape = {
  /** numbers: the lowest value allowed */
  minimum: z.number().finite().optional(),
  /** numbers: the highest value allowed */
  maximum: z.number().finite().optional(),
  /** a regular expression the whole value must match (the subset both Python and JavaScript read alike) */
  pattern: z.string().min(1).max(MAX_PATTERN_LENGTH).refine(isValidPattern, { message: 'pattern is not a regular expression JavaScript can read.' }).optional(),
  /** the allowed values; the execute form shows a select */
  enum: z.array(z.string().max(500)).min(1).max(500).optional(),
  /** the name of another input of the same process whose value this one must stay below (west < east) */
  less_than: z.string().max(100).optional(),
};

export const processInputConstraintsSchema = z
  .object(processInputConstraintsShape)
  .strict()
  .refine((value) => value.minimum === undefined || value.maximum === undefined || value.minimum <= value.maximum, {
    message: 'minimum must not be greater than maximum.',
  });
export type ProcessInputConstraints = z.infer<typeof processInputConstraintsSchema>;

/** Whether a value matches a pattern; the server passes one that cannot be held up by a hostile pattern. */
export type PatternMatcher = (pattern: string, value: string) => boolean;
export const matchesPattern: PatternMatcher = (pattern, value) => anchoredPattern(pattern).test(value);

const NUMBER = /^-?\d+(\.\d+)?$/;

/** The number a value holds, or undefined. */
export function numericValue(text: string | null | undefined): number | undefined {
  const trimmed = (text ?? '').trim();
  return NUMBER.test(trimmed) ? Number(trimmed) : undefined;
}

/**
 * The error of a non-empty value against the minimum, maximum and pattern of its input,
 * naming the input ('Size must be at most 2048.'), or null.
 */
export function constraintError(
  label: string,
  constraints: Pick<ProcessInputConstraints, 'minimum' | 'maximum' | 'pattern'>,
  text: string,
  matches: PatternMatcher = matchesPattern,
): string | null {
  const { minimum, maximum, pattern } = constraints;
  if (minimum !== undefined || maximum !== undefined) {
    const number = numericValue(text);
    if (number === undefined) return `${label} must be a number.`;
    if (minimum !== undefined && number < minimum) return `${label} must be at least ${minimum}.`;
    if (maximum !== undefined && number > maximum) return `${label} must be at most ${maximum}.`;
  }
  if (pattern !== undefined && !matches(pattern, text)) return `${label} must match the pattern ${pattern}.`;
  return null;
}

interface RelatedItem {
  identifier: string;
  label: string;
  constraints: { less_than?: string | undefined };
}

/**
 * The `less_than` relations of one node's inputs: identifier -> error, for every input
 * whose number is not below the number of the input it names. Inputs whose value is not
 * a number, or which name an input the node does not take from the user (fed by an edge),
 * are left to their own rules.
 */
export function relationErrors<T extends RelatedItem>(items: T[], valueOf: (item: T) => string | null | undefined): Map<string, string> {
  const errors = new Map<string, string>();
  for (const item of items) {
    const other = item.constraints.less_than === undefined ? undefined : items.find((candidate) => candidate.identifier === item.constraints.less_than);
    if (!other) continue;
    const low = numericValue(valueOf(item));
    const high = numericValue(valueOf(other));
    if (low !== undefined && high !== undefined && !(low < high)) errors.set(item.identifier, `${item.label} must be less than ${other.label}.`);
  }
  return errors;
}
