import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render-with-providers';
import { StatusBadge } from './StatusBadge';

const badgeOf = (label: string) => screen.getByText(label).closest<HTMLElement>('[data-status-group]')!;

describe('StatusBadge', () => {
  it('colours a model service in error red, as a failed execution, not grey', () => {
    renderWithProviders(
      <>
        <StatusBadge status="error" />
        <StatusBadge status="failed" />
      </>,
    );
    const [error, failed] = [badgeOf('Error'), badgeOf('Failed')];
    expect(error.dataset.statusGroup).toBe('failed');
    expect(error.getAttribute('style')).toBe(failed.getAttribute('style'));
    expect(error.getAttribute('style')).toContain('red');
  });
});
