import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/** A response schema compiled to one serialising function, or why it could not be. */
export type CompiledAnswer = { stringify: (data: unknown) => string } | { reason: string };

/**
 * Compiles a response schema with fast-json-stringify (the serializer Fastify itself uses)
 * from the JSON Schema zod makes of it — the one /api/openapi.json publishes — so an answer
 * is written once, without JSON.stringify → parse → zod → stringify.
 *
 * Like zod's parse, the compiled function writes only the properties a schema declares
 * (an object without `additionalProperties` drops the rest), keeps what a loose object or
 * a record lets through, and turns a Date into its ISO string. A schema zod cannot express
 * in JSON Schema (a transform, a z.date(), a custom check) answers `reason` instead: its
 * route keeps the zod path (contract-serializer.ts).
 */
export function compileAnswer(schema: z.ZodType): CompiledAnswer {
  let answer = compiledBySchema.get(schema);
  if (!answer) {
    answer = compile(schema);
    compiledBySchema.set(schema, answer);
  }
  return answer;
}

// the apps of one process (the tests make many) share a schema's compiled function
const compiledBySchema = new WeakMap<z.ZodType, CompiledAnswer>();

function compile(schema: z.ZodType): CompiledAnswer {
  const made = serializingSchemaOf(schema);
  if ('reason' in made) return made;
  try {
    return { stringify: fastJson(made.schema as never) as (data: unknown) => string };
  } catch (error) {
    return { reason: `fast-json-stringify cannot compile it (${(error as Error).message})` };
  }
}

/** The JSON Schema a response schema is compiled from (bench/api/serializer.ts times its compilation too). */
export function serializingSchemaOf(schema: z.ZodType): { schema: JsonSchema } | { reason: string } {
  try {
    const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw', cycles: 'ref', reused: 'inline' });
    return { schema: forSerializing(jsonSchema) as JsonSchema };
  } catch (error) {
    return { reason: `zod cannot express it in JSON Schema (${(error as Error).message})` };
  }
}

const SCHEMA_MAPS = ['properties', 'definitions', '$defs', 'patternProperties'];
const SCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf'];
const SCHEMA_SINGLES = ['items', 'additionalProperties', 'not', 'if', 'then', 'else'];

/**
 * The JSON Schema as fast-json-stringify should read it:
 * - `additionalProperties: false` goes: the serializer drops undeclared properties anyway,
 *   and a union's branch is picked by validating the answer against it (ajv), which must
 *   accept an undeclared property as zod's parse does (zod strips it, it does not fail);
 * - `anyOf: [T, {type: 'null'}]` (zod's `.nullable()`) becomes T with `nullable: true`,
 *   which the compiled code tests inline instead of validating each value with ajv.
 */
function forSerializing(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forSerializing);
  if (!schema || typeof schema !== 'object') return schema;
  const result: JsonSchema = {};
  for (const [key, value] of Object.entries(schema as JsonSchema)) {
    if (key === 'additionalProperties' && value === false) continue;
    if (SCHEMA_MAPS.includes(key) && value && typeof value === 'object') {
      result[key] = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, forSerializing(child)]));
    } else if (SCHEMA_LISTS.includes(key) || SCHEMA_SINGLES.includes(key)) {
      result[key] = forSerializing(value);
    } else {
      result[key] = value;
    }
  }
  return collapseNullable(result);
}

function collapseNullable(schema: JsonSchema): JsonSchema {
  const anyOf = schema.anyOf;
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return schema;
  const others = (anyOf as JsonSchema[]).filter((branch) => !isNullBranch(branch));
  const [only] = others;
  if (others.length !== 1 || !only || typeof only.type !== 'string' || 'nullable' in only) return schema;
  // a branch that is itself a union or a reference is left to ajv, as fast-json-stringify reads it
  if (SCHEMA_LISTS.some((key) => key in only) || '$ref' in only) return schema;
  const { anyOf: _union, ...siblings } = schema;
  return { ...siblings, ...only, nullable: true };
}

function isNullBranch(branch: JsonSchema): boolean {
  return branch.type === 'null' && Object.keys(branch).length === 1;
}
