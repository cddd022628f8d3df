import type { ApplicationExecutionRequest, ApplicationInput, CwlType } from '@asb/contracts';

/**
 * The execute application form's logic (spec 3 §2 Execute application, §5), apart from the
 * widgets: one field per input of the description, typed by its CWL type; the values are
 * kept as text (a list for an array) and turned into CWL values only when sent.
 */
type FieldKind = 'text' | 'int' | 'long' | 'float' | 'boolean' | 'enum' | 'file' | 'directory' | 'product' | 'record';

export interface InputField {
  id: string;
  label: string;
  doc: string;
  typeLabel: string;
  optional: boolean;
  /** CWL takes the default when the input is not given: the field may be left empty */
  hasDefault: boolean;
  kind: FieldKind;
  /** an array input: a list of values of `kind` */
  isArray: boolean;
  /** the symbols of an enum */
  symbols: string[];
  /** Directory or File: the value is sent as a CWL location object */
  cwlClass?: 'File' | 'Directory';
}

export type FieldValue = string | string[];
export type FormValues = Record<string, FieldValue>;

/**
 * Whether an input takes an EO product (the catalogue's product link, which the server stages,
 * docs/applications.md "Running applications"): a File or Directory input whose id, label or
 * doc names a product or a STAC item. The server stages a product link of any File or
 * Directory input, but not inside a list; a string input keeps its text (nothing is staged).
 */
export function isProductInput(input: Pick<ApplicationInput, 'id' | 'label' | 'doc'>, type: CwlType): boolean {
  if (type.type !== 'File' && type.type !== 'Directory') return false;
  return /stac|product/i.test(`${input.id} ${input.label} ${input.doc}`);
}

/** A union of one non-null type is that type; a union of several is read as text. */
function plainType(type: CwlType): CwlType {
  if (type.type !== 'union') return type;
  const types = type.types.filter((member) => member.type !== 'null');
  return types.length === 1 ? types[0]! : { type: 'string' };
}

function scalarKind(type: CwlType): FieldKind {
  switch (type.type) {
    case 'int':
      return 'int';
    case 'long':
      return 'long';
    case 'float':
    case 'double':
      return 'float';
    case 'boolean':
      return 'boolean';
    case 'enum':
      return 'enum';
    case 'File':
      return 'file';
    case 'Directory':
      return 'directory';
    case 'record':
      return 'record';
    default:
      return 'text';
  }
}

export function inputField(input: ApplicationInput): InputField {
  const type = plainType(input.type);
  const isArray = type.type === 'array';
  const item = isArray ? plainType(type.items) : type;
  const isProduct = isProductInput(input, type);
  const kind = isProduct ? 'product' : scalarKind(item);
  return {
    id: input.id,
    label: input.label || input.id,
    doc: input.doc,
    typeLabel: input.typeLabel,
    optional: input.optional,
    hasDefault: input.default !== null && input.default !== undefined,
    kind,
    isArray,
    symbols: item.type === 'enum' ? item.symbols : [],
    cwlClass: item.type === 'File' || item.type === 'Directory' ? item.type : undefined,
  };
}

/** The default as the field shows it (a File default's location, an array's items as text). */
function defaultText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && !Array.isArray(value)) {
    const location = (value as Record<string, unknown>).location ?? (value as Record<string, unknown>).path;
    if (typeof location === 'string') return location;
    return JSON.stringify(value);
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Defaults pre-filled; a switch starts off unless its default is true. */
export function initialValue(field: InputField, defaultValue: unknown): FieldValue {
  if (field.isArray) return Array.isArray(defaultValue) ? defaultValue.map(defaultText) : defaultValue == null ? [] : [defaultText(defaultValue)];
  if (field.kind === 'boolean') return defaultValue === true || defaultValue === 'true' ? 'true' : 'false';
  return defaultText(defaultValue);
}

const INT = /^[+-]?\d+$/;
const INT_RANGE = 2 ** 31;

/** The problem of one value of a field, or undefined when it is valid (CWL's int is 32-bit, long 64-bit; float and double any finite number). */
function itemError(field: InputField, text: string): string | undefined {
  const value = text.trim();
  switch (field.kind) {
    case 'int':
      if (!INT.test(value)) return 'Enter a whole number';
      if (Number(value) < -INT_RANGE || Number(value) >= INT_RANGE) return 'Enter a whole number between -2147483648 and 2147483647';
      return undefined;
    case 'long':
      if (!INT.test(value)) return 'Enter a whole number';
      if (!Number.isSafeInteger(Number(value))) return 'The number is too large';
      return undefined;
    case 'float':
      return value !== '' && Number.isFinite(Number(value)) ? undefined : 'Enter a number';
    case 'enum':
      return field.symbols.includes(value) ? undefined : `Choose one of ${field.symbols.join(', ')}`;
    case 'file':
    case 'directory':
      return isUrl(value) ? undefined : 'Enter the URL of the ' + (field.kind === 'file' ? 'file' : 'directory');
    case 'record':
      try {
        const parsed: unknown = JSON.parse(value);
        return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? undefined : 'Enter a JSON object';
      } catch {
        return 'Enter a JSON object';
      }
    default:
      return undefined;
  }
}

function isUrl(value: string): boolean {
  if (value.startsWith('/')) return true;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** An array's items left blank (an added product not yet chosen) do not count. */
const filled = (items: string[]) => items.filter((item) => item.trim() !== '');
const isEmpty = (value: FieldValue | undefined) => (Array.isArray(value) ? filled(value).length === 0 : (value ?? '').trim() === '');

/** Whether the field must be filled: not optional, and no default CWL would take instead. */
export const isRequired = (field: InputField) => !field.optional && !field.hasDefault;

/** Spec 3 §5 'valid': the error of a field, undefined when valid (an optional input, or one with a default, may stay empty). */
export function fieldError(field: InputField, value: FieldValue | undefined): string | undefined {
  if (field.kind === 'boolean' && !field.isArray) return undefined;
  if (isEmpty(value)) return isRequired(field) ? 'This input is required' : undefined;
  const items = Array.isArray(value) ? filled(value) : [value ?? ''];
  for (const [index, item] of items.entries()) {
    const error = itemError(field, item);
    if (error) return field.isArray ? `Item ${index + 1}: ${error}` : error;
  }
  return undefined;
}

export function formErrors(fields: InputField[], values: FormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const error = fieldError(field, values[field.id]);
    if (error) errors[field.id] = error;
  }
  return errors;
}

/** One value as CWL takes it: numbers as numbers, a file as a File location, a record parsed, an EO product as its link. */
function cwlValue(field: InputField, text: string): unknown {
  const value = text.trim();
  switch (field.kind) {
    case 'int':
    case 'long':
    case 'float':
      return Number(value);
    case 'boolean':
      return value === 'true';
    case 'record':
      return JSON.parse(value) as unknown;
    case 'product':
      // the product's link: the server stages it (as the Directory or string the input takes)
      return value;
    default:
      return field.cwlClass ? { class: field.cwlClass, location: value } : value;
  }
}

/** Spec 3 §3 Application execution request: the filled inputs (empty optional ones left out) and the target. */
export function executionRequest(identifier: string, fields: InputField[], values: FormValues, target: string): ApplicationExecutionRequest {
  const inputs = fields.flatMap((field) => {
    const value = values[field.id];
    if (field.kind !== 'boolean' && isEmpty(value)) return [];
    const converted = Array.isArray(value) ? filled(value).map((item) => cwlValue(field, item)) : cwlValue(field, value ?? '');
    return [{ identifier: field.id, value: converted }];
  });
  return { cwl_identifier: identifier, inputs, ades_id: target };
}
