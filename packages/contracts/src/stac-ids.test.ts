import { describe, expect, it } from 'vitest';
import { isStacId, stacIdProblem, stacIdSchema } from './stac-ids.js';

describe('STAC ids: one rule on both sides', () => {
  it.each([
    'demo-scenes',
    'demo-models',
    'demo-training-data',
    'alice:published',
    'alice:ogcapi',
    'alice@example.org:published',
    'bob+eo:land-cover',
    'CS3-20160503_132131_08',
    'S2B_MSIL2A_20230601T101559_N0509_R065_T32TQM_20230601T130111',
    'sentinel-2.l2a',
    '.hidden-but-not-only-dots',
    'données',
    'x'.repeat(256),
  ])('takes %s', (id) => {
    expect(isStacId(id)).toBe(true);
    expect(stacIdSchema.safeParse(id).success).toBe(true);
  });

  it.each(['', '.', '..', '...', '../x', 'a/b', 'a\\b', 'a b', 'a%2Fb', 'a?b', 'a#b', 'a\u0000b', 'x'.repeat(257), 'x'.repeat(3000)])('refuses %j', (id) => {
    expect(isStacId(id)).toBe(false);
    expect(stacIdSchema.safeParse(id).success).toBe(false);
    expect(stacIdProblem(id)).toMatch(/is not an id: use letters, digits and - _ \. : @ \+ only, not only dots, at most 256 characters\.$/);
  });
});
