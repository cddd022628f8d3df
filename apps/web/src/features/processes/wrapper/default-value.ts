import type { PythonValue } from './python-literal';

export type DefaultParse = { value: PythonValue | undefined; error?: undefined } | { value?: undefined; error: string };

type ValueKind = 'integer' | 'number' | 'boolean' | 'text';

/**
 * How a data type's default is written, by its identifier (the seeded ones of
 * docs/seed-data.md and common synonyms): numbers and booleans, else text.
 */
export function valueKindOf(dataType: string): ValueKind {
  const name = dataType.trim().toLowerCase();
  if (/^(int|integer|long|short)$/.test(name)) return 'integer';
  if (/^(float|double|number|real|decimal|percentage|latitude|longitude|resolution)$/.test(name)) return 'number';
  if (/^(bool|boolean)$/.test(name)) return 'boolean';
  return 'text';
}

const TRUE_WORDS = ['true', 'yes', '1'];
const FALSE_WORDS = ['false', 'no', '0'];

/**
 * The default value typed in the generator, as the Python value it becomes.
 * An empty field means no default (a required input).
 */
export function parseDefault(text: string, dataType: string): DefaultParse {
  const trimmed = text.trim();
  if (trimmed === '') return { value: undefined };
  switch (valueKindOf(dataType)) {
    case 'integer':
      return /^[+-]?\d+$/.test(trimmed) ? { value: Number(trimmed) } : { error: 'Enter a whole number' };
    case 'number': {
      // decimal notation only: Number() would also take '0x1f' or 'Infinity'
      const isDecimal = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(trimmed);
      const value = Number(trimmed);
      return isDecimal && Number.isFinite(value) ? { value } : { error: 'Enter a number' };
    }
    case 'boolean': {
      const word = trimmed.toLowerCase();
      if (TRUE_WORDS.includes(word)) return { value: true };
      if (FALSE_WORDS.includes(word)) return { value: false };
      return { error: 'Enter true or false' };
    }
    default:
      return { value: text };
  }
}
