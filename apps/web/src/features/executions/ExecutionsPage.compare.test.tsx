import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch';
import { renderWithProviders } from '../../test/render-with-providers';
import { WorkflowExecutionsPage } from './pages';

afterEach(() => vi.unstubAllGlobals());

const row = (id: string) => ({
  type: 'executions',
  id,
  attributes: {
    identifier: `run-${id}`,
    label: '',
    slug: null,
    ownerId: 'alice',
    isArchived: false,
    createdAt: '2026-11-28T10:00:00Z',
    updatedAt: '2026-11-28T10:00:00Z',
    workspaces: {},
    permissions: { change: true, delete: true, share: true },
    processorId: '7',
    processorIdentifier: 'grid',
    processorLabel: 'Grid',
    processorVersion: 1,
    status: 'success',
    progress: 1,
    inputs: [],
    workflowExecutionId: null,
    schedule: null,
    datastore: null,
    failure: null,
    startTime: null,
    endTime: null,
    duration: null,
  },
  relationships: { workspaces: { data: [] } },
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

describe('WorkflowExecutionsPage: choosing two executions to compare (docs/compare.md)', () => {
  it('enables Compare with two executions ticked, holds a third, and opens the comparison of the two', async () => {
    fakeFetch((request) =>
      request.path === '/builder/v1/executions'
        ? { body: { data: request.query.has('filter[status]') ? [] : ['1', '2', '3'].map(row), meta: { pagination: { page: 1, pages: 1, count: 3 } } } }
        : undefined,
    );
    renderWithProviders(
      <Routes>
        <Route path="/monitoring" element={<WorkflowExecutionsPage />} />
        <Route path="/monitoring/compare" element={<Where />} />
      </Routes>,
      { path: '/monitoring' },
    );
    const user = userEvent.setup();
    const compare = screen.getByRole('button', { name: 'Compare' });
    expect(compare).toBeDisabled();

    await user.click(await screen.findByRole('checkbox', { name: 'Select run-1 to compare' }));
    expect(compare).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select run-3 to compare' }));
    expect(compare).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Select run-2 to compare' })).toBeDisabled();

    await user.click(compare);
    expect(await screen.findByTestId('where')).toHaveTextContent('/monitoring/compare?ids=1,3');
  });
});
