import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { GraphChangeNotice } from './GraphChangeNotice';
import { testProcessor } from './test-inputs';

describe('GraphChangeNotice', () => {
  it('says who changed the graph and when, with a link to the version history, when it was not the user', () => {
    renderWithProviders(<GraphChangeNotice processor={testProcessor(undefined, { changedBy: 'otto', changedAt: '2024-03-04T05:06:07' })} />);
    expect(screen.getByText('Changed by otto on 2024-03-04 05:06: review before running')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the version history' })).toHaveAttribute('href', '/workflows/5#versions');
  });

  it('says nothing when the user saved the graph themselves', () => {
    renderWithProviders(<GraphChangeNotice processor={testProcessor(undefined, { changedBy: 'alice' })} />);
    expect(screen.queryByText(/review before running/)).not.toBeInTheDocument();
  });
});
