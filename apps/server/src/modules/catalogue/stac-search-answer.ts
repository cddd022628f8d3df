import { isDeepStrictEqual } from 'node:util';
import { stacItemCollectionSchema } from '@asb/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { detailError } from '../../platform/http/errors.js';

/**
 * Sends a search's ItemCollection made as JSON text (catalogue-feature-json.ts): a string
 * answer of a JSON type leaves Fastify as it is, past the response serializer. With the strict
 * contract check (tests, ASB_CONTRACT_CHECK=strict) the text is held to the response schema as
 * every other answer is: it must parse, match, and carry nothing the schema does not declare.
 */
export function sendItemCollectionJson(reply: FastifyReply, text: string, strict: boolean): FastifyReply {
  if (strict) {
    const sent: unknown = JSON.parse(text);
    const result = stacItemCollectionSchema.safeParse(sent);
    if (!result.success) throw detailError(500, `the search answer breaks its contract: ${z.prettifyError(result.error)}`);
    if (!isDeepStrictEqual(result.data, sent)) throw detailError(500, 'the search answer carries a field its contract does not declare');
  }
  return reply.type('application/json; charset=utf-8').send(text);
}
