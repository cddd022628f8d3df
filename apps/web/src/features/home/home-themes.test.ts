import { describe, expect, it } from 'vitest';
import { HOME_THEMES, homeThemeFor } from './home-themes';

const only = (feature: string) => (candidate: string) => candidate === feature;

describe('homeThemeFor', () => {
  it('picks the content of the homepage feature of the instance', () => {
    expect(homeThemeFor(only('homepage-eopen')).name).toBe('EOPEN');
    expect(homeThemeFor(only('homepage-aiopen')).name).toBe('AI-OPEN');
  });

  it('labels the non-production EOEPCA variants', () => {
    expect(homeThemeFor(only('homepage-eoepca-staging'))).toMatchObject({ name: 'EOEPCA', environment: 'Staging environment' });
    expect(homeThemeFor(only('homepage-eoepca-prod')).environment).toBeUndefined();
  });

  it('falls back to the ASB content without a homepage feature', () => {
    expect(homeThemeFor(() => false)).toBe(HOME_THEMES['homepage-asb']);
  });
});
