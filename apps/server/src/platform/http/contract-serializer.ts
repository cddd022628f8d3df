import type { FastifyBaseLogger, FastifySchema } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { compileAnswer } from './compiled-answer.js';
import { detailError } from './errors.js';

/**
 * Answers leave through their operation's response schema (docs/architecture.md, "The
 * contract"): what the schema does not declare is not sent, so a column added to a row
 * never reaches a client by accident.
 *
 * Each route's schema is compiled once, at its first answer (compiled-answer.ts,
 * fast-json-stringify, shared by the apps of a process): an answer
 * is written in one pass, with no JSON round trip and no zod parse. A schema that cannot be
 * compiled faithfully keeps the zod path for its route (logged at the route's first
 * answer), and so does an answer the compiled function refuses (a required field
 * missing, a union no branch of which matches).
 *
 * `strict` (tests, ASB_CONTRACT_CHECK=strict): every answer is also parsed by its zod schema.
 * One that does not match, that carries a field the schema does not declare, or that the
 * compiled function writes differently from zod fails the request with 500 whose detail says
 * where — the contract, the code and the compiled serializer cannot drift apart unnoticed.
 * Otherwise a mismatch that reaches the zod path is logged once per route and sent as the
 * handler made it, so users see no change. (The compiled function does not validate: a value
 * of the wrong type is coerced as fast-json-stringify documents — null as "" for a string —
 * which is why the tests run strict.)
 */
export function contractSerializerCompiler(strict: boolean, log: FastifyBaseLogger) {
  const warned = new Set<string>();
  return ({ schema, method, url }: { schema: unknown; method: string; url: string }) => {
    const route = `${method} ${url}`;
    const zodSchema = schema instanceof z.ZodType ? schema : undefined;
    const throughZod = (data: unknown): string => {
      // Dates become strings and undefined fields disappear, as they would on the wire
      const plain: unknown = data === undefined ? undefined : JSON.parse(JSON.stringify(data));
      if (!zodSchema) return JSON.stringify(plain);
      const result = zodSchema.safeParse(plain);
      const problem = result.success ? (strict ? undeclared(plain, result.data) : undefined) : z.prettifyError(result.error);
      if (problem === undefined) return JSON.stringify(result.data);
      if (strict) throw detailError(500, `${route}: the answer breaks its contract: ${problem}`);
      if (!warned.has(route)) {
        warned.add(route);
        log.warn({ route, problem }, 'an answer does not match its contract; sent as it is');
      }
      return JSON.stringify(plain);
    };

    if (!zodSchema) return throughZod;
    // compiled on the route's first answer: compiling all of them would slow every start
    let stringify: ((data: unknown) => string) | null | undefined;
    const compiled = (): ((data: unknown) => string) | null => {
      if (stringify !== undefined) return stringify;
      const answer = compileAnswer(zodSchema);
      if ('reason' in answer) log.info({ route, reason: answer.reason }, 'answers of this route are serialised through zod');
      stringify = 'stringify' in answer ? answer.stringify : null;
      return stringify;
    };
    return (data: unknown): string => {
      const write = data === undefined ? null : compiled();
      if (!write) return throughZod(data);
      if (strict) return checkedAgainstZod(route, write, throughZod(data), data);
      try {
        return write(data);
      } catch {
        return throughZod(data);
      }
    };
  };
}

/** Strict mode: the compiled answer must say what zod's (already checked) answer says. */
function checkedAgainstZod(route: string, stringify: (data: unknown) => string, expected: string, data: unknown): string {
  let written: string;
  try {
    written = stringify(data);
  } catch (error) {
    throw detailError(500, `${route}: the compiled serializer refuses an answer zod accepts: ${(error as Error).message}`);
  }
  const difference = firstDifference(JSON.parse(expected), JSON.parse(written));
  if (difference !== undefined) {
    throw detailError(500, `${route}: the compiled serializer writes the answer differently from its zod schema at ${difference || '/'}`);
  }
  return written;
}

/** The first path where two JSON values differ (key order aside), or undefined. */
function firstDifference(expected: unknown, written: unknown, at = ''): string | undefined {
  if (Array.isArray(expected) && Array.isArray(written)) {
    if (expected.length !== written.length) return at;
    for (let i = 0; i < expected.length; i++) {
      const found = firstDifference(expected[i], written[i], `${at}/${i}`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (isObject(expected) && isObject(written)) {
    const keys = new Set([...Object.keys(expected), ...Object.keys(written)]);
    for (const key of keys) {
      if (!(key in expected) || !(key in written)) return `${at}/${key}`;
      const found = firstDifference(expected[key], written[key], `${at}/${key}`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  return Object.is(expected, written) ? undefined : at;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The paths of `sent` that `kept` (its schema's output) lacks: fields the contract does not declare. */
function undeclared(sent: unknown, kept: unknown, at = ''): string | undefined {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    for (let i = 0; i < sent.length; i++) {
      const found = undeclared(sent[i], kept[i], `${at}/${i}`);
      if (found) return found;
    }
    return undefined;
  }
  if (sent && typeof sent === 'object' && kept && typeof kept === 'object') {
    for (const [key, value] of Object.entries(sent)) {
      if (!(key in kept)) return `${at}/${key} is not declared by the response schema`;
      const found = undeclared(value, (kept as Record<string, unknown>)[key], `${at}/${key}`);
      if (found) return found;
    }
  }
  return undefined;
}

const zodTransform = createJsonSchemaTransform({});

/**
 * The OpenAPI transform: zod schemas to JSON Schema, and `documentedBody` — the precise
 * body of a route that validates a looser one itself — shown in place of the body.
 */
export const contractJsonSchemaTransform: typeof zodTransform = (document) => {
  const schema = document.schema as (FastifySchema & { documentedBody?: unknown }) | undefined;
  if (schema?.documentedBody) {
    const { documentedBody, ...rest } = schema;
    return zodTransform({ ...document, schema: { ...rest, body: documentedBody } });
  }
  return zodTransform(document);
};
