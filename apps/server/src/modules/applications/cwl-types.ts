import type { CwlType } from '@asb/contracts';

/**
 * CWL types as the application description shows them (CWL 1.2 §"CWLType", arrays, enums,
 * records, unions; `?` and `[]` shorthands; SchemaDefRequirement types by name). Pure: a type
 * that cannot be read is a CwlRefused naming the parameter.
 */

/** A CWL document the portal does not register, and why (the upload's failure message). */
export class CwlRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CwlRefused';
  }
}

const PRIMITIVES = new Set(['null', 'boolean', 'int', 'long', 'float', 'double', 'string', 'File', 'Directory', 'Any']);
/** Shorthands of a CommandLineTool: the streams it reads or captures are Files. */
const STREAMS = new Set(['stdin', 'stdout', 'stderr']);
/** Records within records within arrays...: deeper than this is not a description a page can show. */
const MAX_DEPTH = 32;

export type Yaml = Record<string, unknown>;
export const isObject = (value: unknown): value is Yaml => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The short name of a CWL id: `#main/aoi`, `file.cwl#main/aoi`, `aoi` → `aoi`. */
export function shortName(id: string): string {
  const afterHash = id.includes('#') ? id.slice(id.lastIndexOf('#') + 1) : id;
  return afterHash.slice(afterHash.lastIndexOf('/') + 1);
}

/** Named types of a SchemaDefRequirement, by short name. */
export type NamedTypes = Map<string, unknown>;

export interface ParsedType {
  type: CwlType;
  optional: boolean;
}

/** What the reader needs besides the type: its named types and where it is (for messages). */
interface TypeScope {
  named: NamedTypes;
  where: string;
  /** named types being expanded (a record that holds itself) */
  expanding: Set<string>;
}

export function parseType(raw: unknown, named: NamedTypes, where: string): ParsedType {
  return readType(raw, { named, where, expanding: new Set() }, 0);
}

function readType(raw: unknown, scope: TypeScope, depth: number): ParsedType {
  if (depth > MAX_DEPTH) throw new CwlRefused(`The type of ${scope.where} is nested too deeply.`);
  if (raw === undefined || raw === null) throw new CwlRefused(`${capital(scope.where)} has no type.`);
  if (typeof raw === 'string') return readNamedType(raw, scope, depth);
  if (Array.isArray(raw)) return readUnion(raw, scope, depth);
  if (isObject(raw)) return readTypeObject(raw, scope, depth);
  throw new CwlRefused(`The type of ${scope.where} is not a CWL type: ${JSON.stringify(raw)}.`);
}

function readNamedType(text: string, scope: TypeScope, depth: number): ParsedType {
  if (text.endsWith('?')) return { type: readType(text.slice(0, -1), scope, depth + 1).type, optional: true };
  if (text.endsWith('[]')) {
    const items = readType(text.slice(0, -2), scope, depth + 1);
    return { type: { type: 'array', items: unionWithNull(items) }, optional: false };
  }
  if (PRIMITIVES.has(text)) return { type: { type: text as 'string' }, optional: text === 'null' };
  if (STREAMS.has(text)) return { type: { type: 'File' }, optional: false };
  // a type named by URI (https://w3id.org/cwl/salad#Any, ...#string)
  const name = shortName(text);
  if (PRIMITIVES.has(name)) return { type: { type: name as 'string' }, optional: name === 'null' };
  const definition = scope.named.get(name);
  if (definition === undefined)
    throw new CwlRefused(`The type "${text}" of ${scope.where} is not defined (neither a CWL type nor one of its SchemaDefRequirement).`);
  if (scope.expanding.has(name)) throw new CwlRefused(`The type "${name}" of ${scope.where} contains itself.`);
  scope.expanding.add(name);
  try {
    return readType(definition, scope, depth + 1);
  } finally {
    scope.expanding.delete(name);
  }
}

/** `[null, T]` is an optional T; `[A, B]` a union; `[null]` alone is null. */
function readUnion(list: unknown[], scope: TypeScope, depth: number): ParsedType {
  if (list.length === 0) throw new CwlRefused(`The type of ${scope.where} is an empty list.`);
  const parts = list.map((part) => readType(part, scope, depth + 1));
  const optional = parts.some((part) => part.optional || part.type.type === 'null');
  const types = parts.map((part) => part.type).filter((type) => type.type !== 'null');
  if (types.length === 0) return { type: { type: 'null' }, optional: true };
  if (types.length === 1) return { type: types[0]!, optional };
  return { type: { type: 'union', types }, optional };
}

function readTypeObject(raw: Yaml, scope: TypeScope, depth: number): ParsedType {
  if ('$import' in raw || '$include' in raw) throw new CwlRefused(importMessage(String(raw.$import ?? raw.$include)));
  const kind = raw.type;
  if (kind === 'array')
    return {
      type: { type: 'array', items: unionWithNull(readType(raw.items, { ...scope, where: `the items of ${scope.where}` }, depth + 1)) },
      optional: false,
    };
  if (kind === 'enum') {
    if (!Array.isArray(raw.symbols)) throw new CwlRefused(`The enum of ${scope.where} has no symbols.`);
    const symbols = raw.symbols.map((symbol) => shortName(String(symbol)));
    return { type: { type: 'enum', symbols, ...(typeof raw.name === 'string' ? { name: shortName(raw.name) } : {}) }, optional: false };
  }
  if (kind === 'record') {
    const fields = listOfNamed(raw.fields, 'name', `the fields of ${scope.where}`).map(({ name, value }) => {
      const field = isObject(value) && 'type' in value ? value : { type: value };
      const parsed = readType(field.type, { ...scope, where: `field "${name}" of ${scope.where}` }, depth + 1);
      return { name, type: parsed.type, optional: parsed.optional, ...texts(field) };
    });
    return { type: { type: 'record', fields, ...(typeof raw.name === 'string' ? { name: shortName(raw.name) } : {}) }, optional: false };
  }
  // `{type: File, ...}`, `{type: [null, string]}`: the type with its other fields (format, secondaryFiles, inputBinding)
  if (kind !== undefined) return readType(kind, scope, depth + 1);
  throw new CwlRefused(`The type of ${scope.where} is not a CWL type: ${JSON.stringify(raw).slice(0, 200)}.`);
}

/** An array's items keep their own `null` as a union: `[null, string][]`, shown as such. */
function unionWithNull(items: ParsedType): CwlType {
  return items.optional && items.type.type !== 'null' ? { type: 'union', types: [{ type: 'null' }, items.type] } : items.type;
}

/** The label and doc of a parameter or field (a doc may be a list of lines). */
export function texts(raw: Yaml): { label?: string; doc?: string } {
  const doc = Array.isArray(raw.doc) ? raw.doc.map(String).join('\n') : typeof raw.doc === 'string' ? raw.doc : undefined;
  return { ...(typeof raw.label === 'string' ? { label: raw.label } : {}), ...(doc !== undefined ? { doc } : {}) };
}

/**
 * A CWL "map or list" field (inputs, outputs, fields, types): `{name: value}` or
 * `[{id|name: name, ...}]`, as named values in order.
 */
export function listOfNamed(raw: unknown, key: 'id' | 'name', where: string): { name: string; value: unknown }[] {
  if (raw === undefined || raw === null) return [];
  if (Array.isArray(raw)) {
    return raw.map((entry, index) => {
      if (!isObject(entry)) throw new CwlRefused(`Entry ${index + 1} of ${where} is not an object.`);
      const name = entry[key] ?? entry[key === 'id' ? 'name' : 'id'];
      if (typeof name !== 'string' || name === '') throw new CwlRefused(`Entry ${index + 1} of ${where} has no ${key}.`);
      return { name: shortName(name), value: entry };
    });
  }
  if (isObject(raw)) return Object.entries(raw).map(([name, value]) => ({ name: shortName(name), value }));
  throw new CwlRefused(`${capital(where)} are neither a list nor a map.`);
}

/** The type as a person reads it: 'string', 'File[]', 'enum (a|b)', 'int?'. */
export function typeLabel(type: CwlType, optional = false): string {
  return `${label(type)}${optional ? '?' : ''}`;
}

function label(type: CwlType): string {
  switch (type.type) {
    case 'array': {
      const items = label(type.items);
      return type.items.type === 'union' ? `(${items})[]` : `${items}[]`;
    }
    case 'enum':
      return `enum (${type.symbols.join('|')})`;
    case 'record':
      return type.name ? `record ${type.name}` : `record (${type.fields.map((field) => field.name).join(', ')})`;
    case 'union': {
      const nonNull = type.types.filter((part) => part.type !== 'null');
      const text = nonNull.map(label).join(' | ');
      return nonNull.length < type.types.length ? `${text}?` : text;
    }
    default:
      return type.type;
  }
}

export function importMessage(target: string): string {
  return `The document imports another file (${target}): a single uploaded file cannot resolve it. Pack the application into one file (cwltool --pack) and upload that.`;
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
