import { describe, expect, it } from 'vitest';
import { redactToken } from './stream-auth.js';

describe('redactToken', () => {
  it('keeps stream tokens out of logged URLs', () => {
    expect(redactToken('/procimp/events/process-buckets/status?stream=3&token=eyJhbGciOi.x.y')).toBe(
      '/procimp/events/process-buckets/status?stream=3&token=[redacted]',
    );
    expect(redactToken('/builder/live?token=abc&x=1')).toBe('/builder/live?token=[redacted]&x=1');
    expect(redactToken('/knowledge/v1/processes?filter[search]=token')).toBe('/knowledge/v1/processes?filter[search]=token');
  });
});
