import { describe, expect, it } from 'vitest';
import { safeNext } from './oidc.state.js';

describe('safeNext', () => {
  it.each(['/asb/', '/asb/processes?page=2#top', '/asb/workflows/12'])('keeps the local path %s', (next) => {
    expect(safeNext(next)).toBe(next);
  });

  it.each([
    ['a protocol-relative URL', '//evil.example/x'],
    ['a backslash that browsers read as a slash', '/\\evil.example'],
    ['an absolute URL', 'https://evil.example/'],
    ['a relative path', 'asb/processes'],
    ['a header-splitting line break', '/asb/\r\nSet-Cookie: x=1'],
    ['nothing', undefined],
    ['a repeated parameter', ['/asb/a', '/asb/b']],
  ])('replaces %s with /asb/', (_what, next) => {
    expect(safeNext(next)).toBe('/asb/');
  });
});
