import { OGC_EXCEPTION } from '@asb/contracts';
import { invalidParameter, ogcError } from './ogc-errors.js';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An input value of an execute request without its OGC wrapping: a qualified value
 * `{value, mediaType}` is its value, a link `{href}` its URL, a bounding box `{bbox}` its
 * numbers; a list is unwrapped item by item. Anything else is the value as given.
 */
export function unwrapValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(unwrapValue);
  if (!isObject(value)) return value;
  if ('href' in value && typeof value.href === 'string') return value.href;
  if ('value' in value) return unwrapValue(value.value);
  if ('bbox' in value && Array.isArray(value.bbox)) return value.bbox;
  return value;
}

/**
 * The text a workflow input takes (the execute form's values are text): a string as it is,
 * a number or boolean written out, a list or object as JSON (list-* data types read JSON
 * arrays) — a bounding box as `west,south,east,north`, as the bbox data type reads it.
 */
export function workflowValueText(id: string, given: unknown): string {
  const value = unwrapValue(given);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null) throw invalidParameter(`Input "${id}" has no value.`);
  if (isObject(given) && 'bbox' in given && Array.isArray(value)) return value.join(',');
  return JSON.stringify(value);
}

/** 400 missing-parameter-value naming the input. */
export const missingInput = (id: string) => ogcError(400, OGC_EXCEPTION.missingParameter, `Input "${id}" is required.`);
/** 400 naming an input the process does not take. */
export const unknownInput = (id: string, processId: string) => invalidParameter(`Process ${processId} has no input "${id}".`);
