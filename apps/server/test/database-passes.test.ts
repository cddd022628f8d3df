import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BOTH_DATABASES, PGLITE_ONLY } from './database-passes.js';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('the PostgreSQL pass', () => {
  it('knows every API test file once, on both databases or on PGlite only (docs/testing.md "Two databases")', () => {
    const classified = [...Object.values(BOTH_DATABASES).flat(), ...Object.values(PGLITE_ONLY).flat()];
    const files = fs.readdirSync(here).filter((name) => name.endsWith('.test.ts'));
    expect(
      classified.filter((name, i) => classified.indexOf(name) !== i),
      'named twice',
    ).toEqual([]);
    expect(
      files.filter((name) => !classified.includes(name)),
      'not classified in database-passes.ts',
    ).toEqual([]);
    expect(
      classified.filter((name) => !files.includes(name)),
      'classified but missing',
    ).toEqual([]);
  });
});
