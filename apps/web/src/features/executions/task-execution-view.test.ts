import { describe, expect, it } from 'vitest';
import { productInputUrl } from '@asb/contracts';
import { formatDuration } from '../../ui/formatDateTime';
import { inputText } from './task-execution-view';

describe('formatDuration', () => {
  it('shows days, hours, minutes and seconds, or n/a when negative (spec 3 §9)', () => {
    expect(formatDuration(4)).toBe('4s');
    expect(formatDuration(125)).toBe('2m 5s');
    expect(formatDuration(90_061)).toBe('1d 1h 1m 1s');
    expect(formatDuration(-1)).toBe('n/a');
    expect(formatDuration(null)).toBe('n/a');
  });
});

describe('inputText', () => {
  it('names an EO product by collection and item, and reads lists and CWL files', () => {
    expect(inputText(productInputUrl('demo-scenes', 'scene-1'))).toBe('demo-scenes / scene-1');
    expect(inputText([1, 2])).toBe('1, 2');
    expect(inputText({ class: 'File', location: 'https://example.org/a.tif' })).toBe('https://example.org/a.tif');
  });
});
