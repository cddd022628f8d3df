import { describe, expect, it } from 'vitest';
import { deriveSlug } from './slug.js';

describe('deriveSlug', () => {
  it('lowercases and turns spaces into hyphens', () => {
    expect(deriveSlug('NDVI Time Series')).toBe('ndvi-time-series');
  });
  it('folds accents', () => {
    expect(deriveSlug('Détection des crues à Liège')).toBe('detection-des-crues-a-liege');
  });
  it('replaces punctuation by hyphens and drops other symbols', () => {
    expect(deriveSlug('Sentinel-2: L2A (10m) / mosaic')).toBe('sentinel-2-l2a-10m-mosaic');
    expect(deriveSlug('cost €5 + tax')).toBe('cost-5-tax');
  });
  it('trims leading and trailing separators', () => {
    expect(deriveSlug('  --Hello, world!--  ')).toBe('hello-world');
  });
});
