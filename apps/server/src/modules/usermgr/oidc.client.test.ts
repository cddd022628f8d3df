import { describe, expect, it } from 'vitest';
import { oidcErrorCode } from './oidc.client.js';

describe('oidcErrorCode', () => {
  it('calls an unreachable or slow provider unavailable, also when wrapped', () => {
    expect(oidcErrorCode(new TypeError('fetch failed'))).toBe('unavailable');
    expect(oidcErrorCode(new Error('request failed', { cause: new TypeError('fetch failed') }))).toBe('unavailable');
    expect(oidcErrorCode(new DOMException('timed out', 'TimeoutError'))).toBe('unavailable');
  });

  it('calls anything else a failed sign-in', () => {
    expect(oidcErrorCode(new TypeError('only requests to HTTPS are allowed'))).toBe('failed');
    expect(oidcErrorCode(new Error('unexpected ID token nonce'))).toBe('failed');
    expect(oidcErrorCode('not even an error')).toBe('failed');
  });
});
