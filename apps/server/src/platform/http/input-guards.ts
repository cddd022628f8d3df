import type { FastifyInstance } from 'fastify';
import { detailError } from './errors.js';

const MAX_DEPTH = 64;

/**
 * The path of the first string (or key) holding a NUL character, in a parsed body, query or
 * params (or any parsed JSON): '' for `value` itself. Bytes and streams are not walked: a raw
 * body (a Buffer of binary tensors, a stream) is not text, and walking its bytes one entry at a
 * time would cost more than the request.
 */
export function nulPath(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\0') ? path : undefined;
  if (depth > MAX_DEPTH || !isWalked(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\0')) return `${path}/${key.replace(/\0/g, '\\u0000')}`;
    const found = nulPath(item, `${path}/${key}`, depth + 1);
    if (found) return found;
  }
  return undefined;
}

function isWalked(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false;
  // Fastify's query and params objects have prototypes of their own: any object is walked but bytes and streams
  return !ArrayBuffer.isView(value) && !(value instanceof ArrayBuffer) && typeof (value as { pipe?: unknown }).pipe !== 'function';
}

/**
 * NUL characters: PostgreSQL cannot store them in text, and no name, search or password of
 * this platform needs one. Refused up front for every route (400), instead of a failed
 * query further on.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const path = nulPath(value, part);
      if (path) throw detailError(400, `Text may not contain NUL characters (\\u0000): ${path}.`);
    }
  });
}

/**
 * What the log may hold of an error. A failed query's message carries its parameters (a
 * new user's password hash, a secret's value): the log gets the statement's first line and
 * the database's error code and message, never the values.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  const message = error.message.split('\nparams:')[0]!.split('\n')[0]!.slice(0, 500);
  return {
    type: error.name,
    message,
    ...(cause && typeof cause === 'object'
      ? { cause: { code: cause.code, message: typeof cause.message === 'string' ? cause.message.slice(0, 300) : undefined } }
      : {}),
    stack: error.stack?.split('\n').slice(1, 8).join('\n'),
  };
}
