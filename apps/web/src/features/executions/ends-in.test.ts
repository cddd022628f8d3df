import { describe, expect, it } from 'vitest';
import { endsInText } from './ends-in';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const at = (seconds: number) => new Date(NOW + seconds * 1000).toISOString();

describe('endsInText', () => {
  it('says the minutes left, rounded', () => {
    expect(endsInText(at(180), NOW)).toBe('ends in ~3 min');
    expect(endsInText(at(150), NOW)).toBe('ends in ~3 min');
    expect(endsInText(at(89), NOW)).toBe('ends in ~1 min');
  });

  it('says hours and minutes past an hour', () => {
    expect(endsInText(at(2 * 3600 + 5 * 60), NOW)).toBe('ends in ~2 h 5 min');
    expect(endsInText(at(3600), NOW)).toBe('ends in ~1 h');
  });

  it('never counts down below a minute, nor into the past', () => {
    expect(endsInText(at(20), NOW)).toBe('ends in < 1 min');
    expect(endsInText(at(-300), NOW)).toBe('ends in < 1 min');
  });
});
