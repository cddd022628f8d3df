import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render-with-providers';
import { WorkspaceBadges } from './WorkspaceBadges';

describe('WorkspaceBadges', () => {
  it('shows at most 3 workspace badges and counts the rest', () => {
    renderWithProviders(<WorkspaceBadges workspaces={{ 1: 'delta', 2: 'alpha', 3: 'echo', 4: 'bravo', 5: 'charlie' }} />);
    const list = screen.getByRole('list', { name: 'Workspaces' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((badge) => badge.textContent),
    ).toEqual(['alpha', 'bravo', 'charlie', '+2 more']);
    expect(screen.queryByText('delta')).not.toBeInTheDocument();
    expect(screen.queryByText('echo')).not.toBeInTheDocument();
    expect(screen.getByText('+2 more')).toBeInTheDocument();
  });

  it('shows every badge and no counter when there are 3 or fewer', () => {
    renderWithProviders(<WorkspaceBadges workspaces={{ 1: 'alpha', 2: 'bravo', 3: 'charlie' }} />);
    expect(screen.getByText('charlie')).toBeInTheDocument();
    expect(screen.queryByText(/more$/)).not.toBeInTheDocument();
  });
});
