import type { FastifyBaseLogger, FastifySchema } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailError } from './errors.js';

/**
 * Answers leave through their operation's response schema (docs/architecture.md, "The
 * contract"): what the schema does not declare is not sent, so a column added to a row
 * never reaches a client by accident.
 *
 * `strict` (tests, ASB_CONTRACT_CHECK=strict): an answer that does not match its schema, or
 * that carries a field the schema does not declare, fails the request with 500 whose detail says
 * where — the contract and the code cannot drift apart unnoticed. Otherwise such an answer
 * is logged once per route and sent as the handler made it, so users see no change.
 */
export function contractSerializerCompiler(strict: boolean, log: FastifyBaseLogger) {
  const warned = new Set<string>();
  return ({ schema, method, url }: { schema: unknown; method: string; url: string }) => {
    const zodSchema = schema instanceof z.ZodType ? schema : undefined;
    return (data: unknown): string => {
      // Dates become strings and undefined fields disappear, as they would on the wire
      const plain: unknown = data === undefined ? undefined : JSON.parse(JSON.stringify(data));
      if (!zodSchema) return JSON.stringify(plain);
      const result = zodSchema.safeParse(plain);
      const problem = result.success ? (strict ? undeclared(plain, result.data) : undefined) : z.prettifyError(result.error);
      if (problem === undefined) return JSON.stringify(result.data);
      if (strict) throw detailError(500, `${method} ${url}: the answer breaks its contract: ${problem}`);
      if (!warned.has(`${method} ${url}`)) {
        warned.add(`${method} ${url}`);
        log.warn({ route: `${method} ${url}`, problem }, 'an answer does not match its contract; sent as it is');
      }
      return JSON.stringify(plain);
    };
  };
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
