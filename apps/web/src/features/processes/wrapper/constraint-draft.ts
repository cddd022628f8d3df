import { anchoredPattern, MAX_PATTERN_LENGTH } from '@asb/contracts';

/** The constraint fields of one input in the Wrapper Generator, as typed (empty = none). */
export interface ConstraintTexts {
  minimumText: string;
  maximumText: string;
  pattern: string;
  /** allowed values, separated by commas */
  enumText: string;
}

export const NO_CONSTRAINTS: ConstraintTexts = { minimumText: '', maximumText: '', pattern: '', enumText: '' };

/** What the wrapper declares (docs/process-runtime.md "Input constraints"). */
export interface WrapperConstraints {
  minimum?: number;
  maximum?: number;
  pattern?: string;
  enum?: string[];
}

export type ConstraintErrors = Partial<Record<keyof ConstraintTexts, string>>;

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;

function parseBound(text: string): { value?: number; error?: string } {
  const trimmed = text.trim();
  if (trimmed === '') return {};
  return DECIMAL.test(trimmed) ? { value: Number(trimmed) } : { error: 'Enter a number' };
}

function patternError(pattern: string): string | undefined {
  if (pattern.length > MAX_PATTERN_LENGTH) return `At most ${MAX_PATTERN_LENGTH} characters`;
  try {
    anchoredPattern(pattern);
    return undefined;
  } catch {
    return 'Not a regular expression';
  }
}

/** The constraints typed for one input, and the fields that cannot be read. */
export function parseConstraints(texts: ConstraintTexts): { constraints: WrapperConstraints; errors: ConstraintErrors } {
  const constraints: WrapperConstraints = {};
  const errors: ConstraintErrors = {};
  const minimum = parseBound(texts.minimumText);
  const maximum = parseBound(texts.maximumText);
  if (minimum.error) errors.minimumText = minimum.error;
  else if (minimum.value !== undefined) constraints.minimum = minimum.value;
  if (maximum.error) errors.maximumText = maximum.error;
  else if (maximum.value !== undefined) constraints.maximum = maximum.value;
  if (constraints.minimum !== undefined && constraints.maximum !== undefined && constraints.minimum > constraints.maximum) {
    errors.maximumText = 'Must not be below the minimum';
    delete constraints.maximum;
  }
  if (texts.pattern !== '') {
    const error = patternError(texts.pattern);
    if (error) errors.pattern = error;
    else constraints.pattern = texts.pattern;
  }
  const values = texts.enumText
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '');
  if (values.length > 0) constraints.enum = [...new Set(values)];
  return { constraints, errors };
}
