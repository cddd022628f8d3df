import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../platform/http/errors.js';
import { safeRelativePath } from './safe-path.js';

describe('safeRelativePath', () => {
  it.each([
    ['a.py', 'a.py'],
    ['lib/./util.py', 'lib/util.py'],
    ['lib//util.py/', 'lib/util.py'],
    ['', ''],
    ['.', ''],
  ])('normalises %j to %j', (input, expected) => {
    expect(safeRelativePath(input)).toBe(expected);
  });

  it.each(['../a', 'lib/../../a', '/etc/passwd', 'a\0b', '..\\a', 'x'.repeat(2000)])('refuses %j with 400', (input) => {
    expect(() => safeRelativePath(input)).toThrow(HttpError);
    try {
      safeRelativePath(input);
    } catch (error) {
      expect((error as HttpError).statusCode).toBe(400);
    }
  });
});
