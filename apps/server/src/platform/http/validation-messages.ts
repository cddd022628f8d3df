import { z } from 'zod';

type Issue = Parameters<z.core.$ZodErrorMap>[0];

/** 'processor_id' → 'Processor id', 'shortDescription' → 'Short description'; a key such as 'page[size]' stays as written. */
export function fieldLabel(key: string): string {
  if (!/^[A-Za-z][A-Za-z0-9]*([_-][A-Za-z0-9]+)*$/.test(key)) return key;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[_\s-]+/)
    .map((word) => word.toLowerCase());
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The field an issue is about, named for a person: the last key of its path (a list item by its position). */
function subjectOf(path: readonly PropertyKey[] | undefined): string {
  const keys = path ?? [];
  const last = keys.length - 1;
  if (last < 0) return 'The input';
  const key = keys[last];
  if (typeof key === 'number') {
    const owner = keys.slice(0, last).findLast((part) => typeof part === 'string');
    return owner ? `${fieldLabel(owner)} item ${key + 1}` : `Item ${key + 1}`;
  }
  return fieldLabel(String(key));
}

const KINDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  bigint: 'a whole number',
  date: 'a date',
  array: 'a list',
  tuple: 'a list',
  object: 'an object',
  record: 'an object',
  null: 'null',
};

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return 'text';
  return KINDS[typeof value] ?? typeof value;
}

const count = (n: number | bigint, one: string, many: string) => (Number(n) === 1 ? `one ${one}` : `${String(n)} ${many}`);

function tooSmall(subject: string, issue: Extract<Issue, { code: 'too_small' }>): string {
  const { minimum, origin, inclusive, exact } = issue;
  if (origin === 'string') {
    if (Number(minimum) === 1 && !exact) return `${subject} must not be empty.`;
    return `${subject} must be ${exact ? 'exactly' : 'at least'} ${count(minimum, 'character', 'characters')} long.`;
  }
  if (origin === 'array' || origin === 'set') return `${subject} must have ${exact ? 'exactly' : 'at least'} ${count(minimum, 'item', 'items')}.`;
  if (origin === 'date') return `${subject} must not be before ${new Date(Number(minimum)).toISOString()}.`;
  return `${subject} must be ${exact ? 'exactly' : inclusive ? 'at least' : 'greater than'} ${String(minimum)}.`;
}

function tooBig(subject: string, issue: Extract<Issue, { code: 'too_big' }>): string {
  const { maximum, origin, inclusive, exact } = issue;
  if (origin === 'string') return `${subject} must be ${exact ? 'exactly' : 'at most'} ${count(maximum, 'character', 'characters')} long.`;
  if (origin === 'array' || origin === 'set') return `${subject} must have ${exact ? 'exactly' : 'at most'} ${count(maximum, 'item', 'items')}.`;
  if (origin === 'date') return `${subject} must not be after ${new Date(Number(maximum)).toISOString()}.`;
  return `${subject} must be ${exact ? 'exactly' : inclusive ? 'at most' : 'less than'} ${String(maximum)}.`;
}

const FORMATS: Record<string, string> = {
  email: 'an e-mail address',
  url: 'a URL',
  uuid: 'a UUID',
  datetime: 'a date and time (ISO 8601)',
  date: 'a date (YYYY-MM-DD)',
};

function invalidFormat(subject: string, issue: Extract<Issue, { code: 'invalid_format' }>): string {
  const detail = issue as { prefix?: string; suffix?: string; includes?: string };
  if (issue.format === 'starts_with') return `${subject} must start with "${detail.prefix}".`;
  if (issue.format === 'ends_with') return `${subject} must end with "${detail.suffix}".`;
  if (issue.format === 'includes') return `${subject} must contain "${detail.includes}".`;
  if (issue.format === 'regex') return `${subject} is not in the expected form (${issue.pattern}).`;
  return `${subject} must be ${FORMATS[issue.format] ?? `a valid ${issue.format}`}.`;
}

const quoted = (value: unknown) => (typeof value === 'string' ? `'${value}'` : String(value));

/**
 * The text of a validation problem as a person reads it, naming the field: 'Label must not
 * be empty.' rather than zod's 'Too small: expected string to have >=1 characters'. A
 * schema's own message (the spec's texts) still wins: zod asks this map only for issues
 * that carry none.
 */
function humanMessage(issue: Issue): string | undefined {
  const subject = subjectOf(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return `${subject} is required.`;
      // a coerced query value that is no number: the text it was is gone
      if (Number.isNaN(issue.input)) return `${subject} must be ${KINDS[issue.expected] ?? issue.expected}.`;
      return `${subject} must be ${KINDS[issue.expected] ?? issue.expected}, not ${kindOf(issue.input)}.`;
    case 'too_small':
      return tooSmall(subject, issue);
    case 'too_big':
      return tooBig(subject, issue);
    case 'invalid_format':
      return invalidFormat(subject, issue);
    case 'not_multiple_of':
      return `${subject} must be a multiple of ${issue.divisor}.`;
    case 'unrecognized_keys': {
      const keys = issue.keys.map((key) => `'${key}'`).join(', ');
      const fields = issue.keys.length === 1 ? 'field' : 'fields';
      return issue.path?.length ? `${subject} has an unknown ${fields}: ${keys}.` : `Unknown ${fields}: ${keys}.`;
    }
    case 'invalid_value': {
      const values = issue.values.slice(0, 12).map(quoted);
      return values.length === 1 ? `${subject} must be ${values[0]}.` : `${subject} must be one of ${values.join(', ')}.`;
    }
    case 'invalid_union':
    case 'custom':
      return `${subject} is not valid.`;
    case 'invalid_key':
      return `${subject} has a key that is not valid.`;
    case 'invalid_element':
      return `${subject} has an item that is not valid.`;
    default:
      return undefined;
  }
}

/** Makes every zod message of this process the human one (once, at start-up: zod's configuration is global). */
export function installHumanValidationMessages(): void {
  z.config({ customError: humanMessage });
}
