import { describe, expect, it } from 'vitest';
import { nulPath } from './input-guards.js';

describe('nulPath', () => {
  it('names the first string or key with a NUL character in parsed JSON', () => {
    expect(nulPath({ data: { attributes: { name: 'a\0b' } } }, 'body')).toBe('body/data/attributes/name');
    expect(nulPath({ list: ['fine', 'bad\0'] }, 'body')).toBe('body/list/1');
    expect(nulPath({ ['k\0ey']: 1 }, 'body')).toBe('body/k\\u0000ey');
    expect(nulPath('x\0', '')).toBe('');
    expect(nulPath({ fine: ['text', 1, null, true] }, 'body')).toBeUndefined();
  });

  it('reads the query objects Fastify makes, whatever their prototype', () => {
    const query = Object.assign(Object.create(null) as Record<string, unknown>, { 'filter[search]': 'flood\0' });
    expect(nulPath(query, 'query')).toBe('query/filter[search]');
    // fast-querystring's objects: a prototype of their own, itself without one
    function Empty() {}
    Empty.prototype = Object.create(null);
    const parsed = Object.assign(new (Empty as unknown as new () => Record<string, unknown>)(), { q: 'a\0b' });
    expect(nulPath(parsed, 'query')).toBe('query/q');
  });

  it('leaves a raw body alone: binary tensors may hold zero bytes', () => {
    const tensor = Buffer.alloc(1024 * 1024);
    expect(nulPath(tensor, 'body')).toBeUndefined();
    expect(nulPath({ raw: new Float32Array(16) }, 'body')).toBeUndefined();
  });
});
