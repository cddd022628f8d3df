import { describe, expect, it } from 'vitest';
import { HttpError } from '../../platform/http/errors.js';
import { changedResources } from './bucket-resources.js';

describe('changedResources', () => {
  it('starts from the spec defaults and applies options in MB', () => {
    expect(changedResources({ cpus: 8, diskMb: 100 * 1024 }, null)).toEqual({ cpus: 8, ramMb: 1024, diskMb: 102400, gpus: 0 });
  });

  it('refuses a changed value outside the options', () => {
    expect(() => changedResources({ ramMb: 3 * 1024 }, null)).toThrow(HttpError);
    expect(() => changedResources({ cpus: 3 }, null)).toThrow(HttpError);
  });

  it('keeps a stored value outside the options when it comes back unchanged', () => {
    const stored = { cpus: 3, ramMb: 3000, diskMb: 1024, gpus: 0 };
    expect(changedResources({ cpus: 3, ramMb: 3000, gpus: 2 }, stored)).toEqual({ ...stored, gpus: 2 });
  });
});
