import { describe, expect, it } from 'vitest';
import { storableOutcome } from './storable-outcome.js';

describe('storableOutcome', () => {
  it('keeps outputs without NUL characters as they are', () => {
    const outcome = { ok: true as const, outputs: { ndvi: '/out/ndvi.tif', stats: { mean: 0.4, bands: ['red', 'nir'] } } };
    expect(storableOutcome(outcome)).toEqual(outcome);
  });

  it('fails a task whose output holds a NUL anywhere, naming the output', () => {
    expect(storableOutcome({ ok: true, outputs: { report: { lines: ['ok', 'bad\0line'] } } })).toEqual({
      ok: false,
      error: "Output 'report' holds a NUL character (U+0000), which cannot be stored.",
    });
    expect(storableOutcome({ ok: true, outputs: { nested: { 'key\0': 1 } } })).toMatchObject({ ok: false });
    expect(storableOutcome({ ok: true, outputs: { 'na\0me': 1 } })).toMatchObject({ ok: false, error: expect.stringContaining("Output 'name'") });
  });

  it('removes NUL characters from a failure reason', () => {
    expect(storableOutcome({ ok: false, error: 'asb_runner: bad\0 value', interrupted: true })).toEqual({
      ok: false,
      error: 'asb_runner: bad value',
      interrupted: true,
    });
  });
});
