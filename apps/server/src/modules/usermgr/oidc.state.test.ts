import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { publicBaseUrl, safeNext } from './oidc.state.js';

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

describe('publicBaseUrl', () => {
  const request = { protocol: 'http', host: '10.0.0.5:8080' } as FastifyRequest;

  it('prefers ASB_PUBLIC_URL, without a trailing slash', () => {
    expect(publicBaseUrl(loadConfig({ ASB_PUBLIC_URL: 'https://portal.example/' }), request)).toBe('https://portal.example');
  });

  it('falls back to the address the request came to', () => {
    expect(publicBaseUrl(loadConfig({}), request)).toBe('http://10.0.0.5:8080');
  });
});
