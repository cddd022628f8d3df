import {
  ADDRESS_DATA_TYPES,
  FILE_FORMAT_DATA_TYPES,
  isListDataType,
  LIST_ITEM_TYPES,
  NUMBER_DATA_TYPES,
  type CwlType,
  type WorkflowInputItem,
} from '@asb/contracts';

/** A JSON Schema object (an input's or output's `schema` in a process description). */
export type JsonSchema = Record<string, unknown>;

/** Data types whose value names a file or a place to read it from (docs/seed-data.md). */
function isReferenceType(type: string): boolean {
  return type === 'file' || type === 'folder' || type === 'url' || FILE_FORMAT_DATA_TYPES.has(type) || ADDRESS_DATA_TYPES.has(type);
}
const FORMATS: Record<string, string> = { date: 'date', datetime: 'date-time', duration: 'duration', email: 'email', password: 'password' };

/** The schema of a data type of the knowledge store (docs/seed-data.md); an unknown one is a string, as the execute form takes it. */
export function dataTypeSchema(dataType: string): JsonSchema {
  const type = dataType.toLowerCase();
  if (type === 'boolean') return { type: 'boolean' };
  if (type === 'integer') return { type: 'integer' };
  if (type === 'float' || NUMBER_DATA_TYPES.has(type)) return { type: 'number' };
  if (type === 'json') return {};
  if (isReferenceType(type)) return { type: 'string', format: 'uri' };
  if (isListDataType(type)) return { type: 'array', items: dataTypeSchema(LIST_ITEM_TYPES[type]) };
  const format = FORMATS[type];
  return format ? { type: 'string', format } : { type: 'string' };
}

/** A workflow default (text, as the execute form holds it) as a value of its schema. */
function typedDefault(schema: JsonSchema, text: string): unknown {
  if (schema.type === 'integer' || schema.type === 'number') return Number.isFinite(Number(text)) && text.trim() !== '' ? Number(text) : text;
  if (schema.type === 'boolean') return text === 'true' ? true : text === 'false' ? false : text;
  if (schema.type === 'array') {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** A workflow input's schema: its data type, narrowed by the constraints the execute form applies (enum, minimum, maximum, pattern), with its default. */
export function workflowInputSchema(item: WorkflowInputItem): JsonSchema {
  const { constraints } = item;
  const enumValues = constraints.enum;
  const schema: JsonSchema = enumValues ? { type: 'string', enum: enumValues } : dataTypeSchema(item.dataType.identifier);
  if (constraints.minimum !== undefined) schema.minimum = constraints.minimum;
  if (constraints.maximum !== undefined) schema.maximum = constraints.maximum;
  if (constraints.pattern !== undefined && schema.type === 'string') schema.pattern = `^(?:${constraints.pattern})$`;
  if (item.defaultValue !== null) schema.default = typedDefault(schema, item.defaultValue);
  return schema;
}

/** A CWL type (as the application's description holds it) as JSON Schema: File and Directory are URIs. */
export function cwlTypeSchema(type: CwlType): JsonSchema {
  switch (type.type) {
    case 'boolean':
      return { type: 'boolean' };
    case 'int':
    case 'long':
      return { type: 'integer' };
    case 'float':
    case 'double':
      return { type: 'number' };
    case 'string':
      return { type: 'string' };
    case 'File':
    case 'Directory':
      return { type: 'string', format: 'uri' };
    case 'null':
      return { type: 'null' };
    case 'Any':
      return {};
    case 'enum':
      return { type: 'string', enum: type.symbols };
    case 'array':
      return { type: 'array', items: cwlTypeSchema(type.items) };
    case 'record':
      return {
        type: 'object',
        properties: Object.fromEntries(type.fields.map((field) => [field.name, cwlTypeSchema(field.type)])),
        required: type.fields.filter((field) => !field.optional).map((field) => field.name),
      };
    case 'union':
      return { oneOf: type.types.map(cwlTypeSchema) };
  }
}
