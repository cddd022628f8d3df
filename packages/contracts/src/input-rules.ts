import { constraintError, matchesPattern, relationErrors, type PatternMatcher } from './input-constraints.js';
import type { WorkflowInputGroup, WorkflowInputItem } from './workflow-inputs.js';

/** Spec 1 §5 validation of the execute form's inputs, shared by the form and the server. */

export const INVALID_COORDINATE = 'Please define a valid coordinate value.';
export const VALUE_REQUIRED = 'A value is required.';
export const INVALID_INTEGER = 'Please enter a whole number, for example 42 or -7.';
export const INVALID_DECIMAL = 'Please enter a decimal number, for example 3.14 or -2.';
export const INVALID_CHOICE = 'Please choose one of the options.';
/** Spec 1 §5: earliest selectable date of a date range. */
export const EARLIEST_DATE = '2019-12-18';
export const INVALID_DATE_RANGE = `Please give a date range YYYY-MM-DD / YYYY-MM-DD, from ${EARLIEST_DATE}, start before end.`;
/** Spec 1 §5: the encrypted preview shows the first 75 characters. */
export const ENCRYPTED_PREVIEW_LENGTH = 75;

const INTEGER = /^-?\d+$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;
const DATE_RANGE = /^(\d{4}-\d{2}-\d{2})\s*\/\s*(\d{4}-\d{2}-\d{2})$/;

function isCalendarDate(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/**
 * Spec 1 §5: a latitude is a decimal from -90 to 90, a longitude from -180 to 180; otherwise
 * INVALID_COORDINATE. The execute form's coordinate inputs and the catalogue browser's bounding
 * box both check with this.
 */
export function coordinateError(value: string, axis: 'latitude' | 'longitude'): string | null {
  const text = value.trim();
  if (!DECIMAL.test(text)) return INVALID_COORDINATE;
  const number = Number(text);
  const limit = axis === 'latitude' ? 90 : 180;
  return number >= -limit && number <= limit ? null : INVALID_COORDINATE;
}

/** The two dates of a date-range value, or undefined when it is not one. */
export function parseDateRange(value: string): [string, string] | undefined {
  const match = DATE_RANGE.exec(value.trim());
  if (!match?.[1] || !match[2]) return undefined;
  return [match[1], match[2]];
}

export function formatDateRange(start: string, end: string): string {
  return `${start} / ${end}`;
}

/** Spec 1 §5: INVALID_DATE_RANGE unless `text` is 'YYYY-MM-DD / YYYY-MM-DD' of two real days from EARLIEST_DATE, start first. */
export function dateRangeError(text: string): string | null {
  const range = parseDateRange(text);
  if (!range) return INVALID_DATE_RANGE;
  const [start, end] = range;
  if (!isCalendarDate(start) || !isCalendarDate(end) || start < EARLIEST_DATE || end < start) return INVALID_DATE_RANGE;
  return null;
}

/** A real day written YYYY-MM-DD (not 2024-02-30). */
export function isCalendarDay(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && isCalendarDate(text);
}

/**
 * The error text of one value, or null when valid. Hidden or read-only inputs count as
 * valid (their value is the workflow's, not the user's); everything else must be
 * non-empty, match its data type's rule and keep to the constraints its process input
 * declares (minimum, maximum, pattern; input-constraints.ts).
 */
export function inputValueError(
  item: Pick<WorkflowInputItem, 'label' | 'dataType' | 'constraints' | 'userVisible' | 'userEditable'>,
  value: string | null | undefined,
  matches: PatternMatcher = matchesPattern,
): string | null {
  if (!item.userVisible || !item.userEditable) return null;
  const text = (value ?? '').trim();
  if (text === '') return VALUE_REQUIRED;
  if (item.constraints.enum && item.constraints.enum.length > 0) return item.constraints.enum.includes(text) ? null : INVALID_CHOICE;
  return dataTypeError(item.dataType.identifier, text) ?? constraintError(item.label, item.constraints, text, matches);
}

/**
 * Every error of one node's inputs by identifier: each value's own (inputValueError),
 * then the `less_than` relations between them (west < east) for values valid on their own.
 * `valueOf` is the value the execution would take (the user's, else the workflow's).
 */
export function groupInputErrors(
  group: Pick<WorkflowInputGroup, 'items'>,
  valueOf: (item: WorkflowInputItem) => string | null | undefined,
  matches: PatternMatcher = matchesPattern,
): Map<string, string> {
  const errors = new Map<string, string>();
  for (const item of group.items) {
    const error = inputValueError(item, valueOf(item), matches);
    if (error) errors.set(item.identifier, error);
  }
  const valid = group.items.filter((item) => !errors.has(item.identifier));
  const related = relationErrors(valid, valueOf);
  // a relation's error shows on the input that can change it: the user's, not a fixed one
  for (const [identifier, error] of related) {
    const item = valid.find((candidate) => candidate.identifier === identifier);
    if (item?.userVisible && item.userEditable) errors.set(identifier, error);
  }
  return errors;
}

function dataTypeError(dataType: string, text: string): string | null {
  switch (dataType) {
    case 'latitude':
    case 'longitude':
      return coordinateError(text, dataType);
    case 'integer':
      return INTEGER.test(text) ? null : INVALID_INTEGER;
    case 'float':
      return DECIMAL.test(text) ? null : INVALID_DECIMAL;
    case 'date-range':
      return dateRangeError(text);
    default:
      return null;
  }
}

/** The select options of an enum input: value and text (enum_labels when present). */
export function enumOptions(item: Pick<WorkflowInputItem, 'constraints'>): { value: string; label: string }[] {
  const values = item.constraints.enum ?? [];
  const labels = item.constraints.enum_labels;
  return values.map((value, index) => ({ value, label: labels?.[index] ?? value }));
}

/** What the form shows of an encrypted value. */
export function encryptedPreview(cipherText: string): string {
  return cipherText.slice(0, ENCRYPTED_PREVIEW_LENGTH);
}
