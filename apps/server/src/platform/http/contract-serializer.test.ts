import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractSerializerCompiler } from './contract-serializer.js';

/** A real pino logger whose lines the test reads. */
function recordingLog() {
  const lines: { level: number; msg: string; route?: string; reason?: string }[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) }) as unknown as FastifyBaseLogger;
  return { log, lines };
}

function serializerOf(schema: z.ZodType, strict = false) {
  const { log, lines } = recordingLog();
  const stringify = contractSerializerCompiler(strict, log)({ schema, method: 'GET', url: '/x' });
  return { send: (data: unknown) => JSON.parse(stringify(data)) as unknown, lines };
}

const execution = z.object({
  id: z.string(),
  type: z.literal('executions'),
  attributes: z.object({ label: z.string(), finishedAt: z.string().nullable(), owner: z.object({ username: z.string() }).nullable() }),
});

describe('compiled answers', () => {
  it('leave out every field the contract does not declare, at any depth', () => {
    const { send, lines } = serializerOf(z.object({ data: z.array(execution) }));
    const row = {
      id: '7',
      type: 'executions',
      passwordHash: 'argon2…',
      attributes: { label: 'NDVI', finishedAt: null, owner: { username: 'pat', email: 'pat@example.org' }, results: { big: true } },
    };
    expect(send({ data: [row], internal: 1 })).toEqual({
      data: [{ id: '7', type: 'executions', attributes: { label: 'NDVI', finishedAt: null, owner: { username: 'pat' } } }],
    });
    // compiled, not sent through zod: nothing was logged for the route
    expect(lines).toEqual([]);
  });

  it('write a Date as its ISO string, in a plain and in a nullable string', () => {
    const { send } = serializerOf(z.object({ createdAt: z.string(), finishedAt: z.iso.datetime().nullable() }));
    const when = new Date(Date.UTC(2026, 10, 28, 3, 4, 5, 6));
    expect(send({ createdAt: when, finishedAt: when })).toEqual({ createdAt: '2026-11-28T03:04:05.006Z', finishedAt: '2026-11-28T03:04:05.006Z' });
    expect(send({ createdAt: when, finishedAt: null })).toEqual({ createdAt: '2026-11-28T03:04:05.006Z', finishedAt: null });
  });

  it('pick the branch of a union the value is, and drop what that branch does not declare', () => {
    const step = z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('process'), processId: z.string() }),
      z.object({ kind: z.literal('model'), modelId: z.number() }),
    ]);
    const { send } = serializerOf(z.array(z.union([step, z.string()])));
    expect(send([{ kind: 'model', modelId: 3, token: 's3cret' }, 'plain', { kind: 'process', processId: 'p', token: 's3cret' }])).toEqual([
      { kind: 'model', modelId: 3 },
      'plain',
      { kind: 'process', processId: 'p' },
    ]);
  });

  it('keep what a loose object or a record lets through, as zod does, but not beyond what their values declare', () => {
    const { send } = serializerOf(
      z.object({ properties: z.looseObject({ datetime: z.string().nullable() }), assets: z.record(z.string(), z.object({ href: z.string() })) }),
    );
    expect(send({ properties: { datetime: null, 'eo:cloud_cover': 12 }, assets: { B04: { href: 's3://b04.tif', secretKey: 'k' } }, hidden: true })).toEqual({
      properties: { datetime: null, 'eo:cloud_cover': 12 },
      assets: { B04: { href: 's3://b04.tif' } },
    });
  });

  it('send a nullable object as null or as its declared fields', () => {
    const { send } = serializerOf(z.object({ owner: z.object({ username: z.string() }).nullable() }));
    expect(send({ owner: null })).toEqual({ owner: null });
    expect(send({ owner: { username: 'pat', isSuperuser: true } })).toEqual({ owner: { username: 'pat' } });
  });

  it('keep the zod path for a schema JSON Schema cannot express, and say so', () => {
    const { send, lines } = serializerOf(z.object({ size: z.string().transform((value) => value.length) }));
    expect(send({ size: 'abcd', extra: 1 })).toEqual({ size: 4 });
    expect(lines).toEqual([expect.objectContaining({ route: 'GET /x', msg: 'answers of this route are serialised through zod' })]);
  });

  it('send an answer the compiled function refuses through zod, which logs the mismatch once', () => {
    const { send, lines } = serializerOf(z.object({ id: z.string(), label: z.string() }));
    expect(send({ id: '1' })).toEqual({ id: '1' });
    expect(send({ id: '2' })).toEqual({ id: '2' });
    expect(lines.filter((line) => line.msg.includes('does not match its contract'))).toHaveLength(1);
  });
});

describe('compiled answers in strict mode (the tests)', () => {
  it('fail an answer that carries an undeclared field', () => {
    const { send } = serializerOf(z.object({ data: z.array(execution) }), true);
    const row = { id: '7', type: 'executions', attributes: { label: 'NDVI', finishedAt: null, owner: null, results: {} } };
    expect(() => send({ data: [row] })).toThrow(expect.objectContaining({ statusCode: 500, message: expect.stringContaining('/data/0/attributes/results') }));
  });

  it('fail an answer the compiled function writes differently from zod', () => {
    // ajv picks the first branch (it cannot see the refinement), zod the second
    const first = z.object({ a: z.string() }).refine((value) => value.a === 'x');
    const { send } = serializerOf(z.union([first, z.object({ a: z.string(), b: z.string() })]), true);
    expect(send({ a: 'x' })).toEqual({ a: 'x' });
    expect(() => send({ a: 'y', b: 'q' })).toThrow(expect.objectContaining({ statusCode: 500, message: expect.stringContaining('differently') }));
  });

  it('send the compiled answer when it says what zod says', () => {
    const { send } = serializerOf(z.object({ data: z.array(execution) }), true);
    const row = { id: '7', type: 'executions', attributes: { label: 'NDVI', finishedAt: new Date(0), owner: { username: 'pat' } } };
    expect(send({ data: [row] })).toEqual({
      data: [{ id: '7', type: 'executions', attributes: { label: 'NDVI', finishedAt: '1970-01-01T00:00:00.000Z', owner: { username: 'pat' } } }],
    });
  });
});
