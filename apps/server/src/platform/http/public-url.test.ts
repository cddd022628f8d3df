import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { publicBaseUrl } from './public-url.js';

describe('publicBaseUrl', () => {
  const request = { protocol: 'http', host: '10.0.0.5:8080' } as FastifyRequest;

  it('prefers ASB_PUBLIC_URL, without a trailing slash', () => {
    expect(publicBaseUrl(loadConfig({ ASB_PUBLIC_URL: 'https://portal.example/' }), request)).toBe('https://portal.example');
  });

  it('falls back to the address the request came to', () => {
    expect(publicBaseUrl(loadConfig({}), request)).toBe('http://10.0.0.5:8080');
  });
});
