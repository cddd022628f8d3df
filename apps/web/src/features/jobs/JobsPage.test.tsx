import type { TaskListAttributes } from '@asb/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveClient } from '../../app/live/live';
import { fakeFetch } from '../../test/fake-fetch';
import { renderWithProviders } from '../../test/render-with-providers';
import { executionTimeText } from './job-list-config';
import { JobsPage } from './JobsPage';

afterEach(() => vi.unstubAllGlobals());

function job(id: string, overrides: Partial<TaskListAttributes> = {}) {
  return {
    type: 'jobs',
    id,
    attributes: {
      identifier: `ndvi-run-7.task-${id}`,
      label: 'ndvi:1',
      slug: null,
      ownerId: 'alice',
      isArchived: false,
      createdAt: '2024-03-04T05:06:00Z',
      updatedAt: '2024-03-04T05:06:00Z',
      workspaces: {},
      permissions: { change: false, delete: false, share: false },
      executionId: '7',
      executionIdentifier: 'ndvi-run-7',
      taskId: `task-${id}`,
      nodeId: `task-${id}`,
      run: '',
      state: 'success',
      status: 'success',
      progress: 1,
      tryNumber: 1,
      maxTries: 1,
      processVersion: 'ndvi:1',
      workerLabel: 'local',
      startDate: '2024-03-04T05:06:00Z',
      endDate: '2024-03-04T05:06:12Z',
      executionTime: 12.3,
      error: null,
      ...overrides,
    } satisfies TaskListAttributes,
    relationships: { workspaces: { data: [] }, execution: { data: { type: 'executions', id: '7' } } },
  };
}

const page = (data: unknown[]) => ({ body: { data, meta: { pagination: { page: 1, pages: 1, count: data.length } } } });

describe('JobsPage', () => {
  it('lists jobs newest first: status with progress, identifier linking to the report, execution time, owner; read-only', async () => {
    const { calls } = fakeFetch((request) =>
      request.path === '/taskmgr/v1/jobs'
        ? page([
            job('1', { state: 'running', status: 'running', progress: 0, executionTime: null, endDate: null }),
            job('2'),
            job('3', { state: 'upstream_failed', status: 'upstream_failed' }),
          ])
        : undefined,
    );
    renderWithProviders(<JobsPage />, { path: '/jobs' });
    expect(screen.getByRole('heading', { name: 'Jobs' })).toBeInTheDocument();
    const running = (await screen.findByRole('link', { name: 'ndvi-run-7.task-1' })).closest('tr')!;
    expect(within(running).getByRole('link', { name: 'ndvi-run-7.task-1' })).toHaveAttribute('href', '/executions/7/report');
    expect(within(running).getByText('0%')).toBeInTheDocument();
    expect(within(running).getByText('n/a')).toBeInTheDocument();
    const done = screen.getByRole('link', { name: 'ndvi-run-7.task-2' }).closest('tr')!;
    expect(within(done).getByText('Success')).toBeInTheDocument();
    expect(within(done).getByText('12.3 s')).toBeInTheDocument();
    expect(within(done).getByRole('cell', { name: 'alice' })).toBeInTheDocument();
    // a task that did not run because one above it failed says so (issue 13)
    expect(within(screen.getByRole('link', { name: 'ndvi-run-7.task-3' }).closest('tr')!).getByText('Upstream failed')).toBeInTheDocument();
    // read-only: no New button, no row menu
    expect(screen.queryByRole('button', { name: /New/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Status', 'Identifier', 'Execution time', 'Owner', 'Created']);
    expect(calls[0]!.query.get('sort')).toBe('-createdAt');
    expect(calls[0]!.query.get('page[size]')).toBe('20');
  });

  it("filters with 'Owned by me' and 'In my workspace'", async () => {
    const user = userEvent.setup();
    const { calls } = fakeFetch(() => page([job('1')]));
    renderWithProviders(<JobsPage />, { path: '/jobs' });
    await screen.findByRole('link', { name: 'ndvi-run-7.task-1' });
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.click(screen.getByRole('menuitem', { name: 'Owned by me' }));
    await waitFor(() => expect(calls.at(-1)!.query.get('filter[ownerId]')).toBe('alice'));
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.click(screen.getByRole('menuitem', { name: 'In my workspace' }));
    await waitFor(() => expect(calls.at(-1)!.query.get('filter[inWorkspace]')).toBe('true'));
  });

  it('fetches again on executionUpdate live messages', async () => {
    let status = 'running';
    const { calls } = fakeFetch(() => page([job('1', { state: status as TaskListAttributes['state'], status, progress: status === 'success' ? 1 : 0 })]));
    renderWithProviders(<JobsPage />, { path: '/jobs' });
    const row = async () => (await screen.findByRole('link', { name: 'ndvi-run-7.task-1' })).closest('tr')!;
    expect(within(await row()).getByText('0%')).toBeInTheDocument();
    const before = calls.length;
    status = 'success';
    act(() =>
      (liveClient as unknown as { dispatch(data: string): void }).dispatch(
        JSON.stringify({ type: 'executionUpdate', id: '7', status: 'success', progress: 1 }),
      ),
    );
    await waitFor(async () => expect(within(await row()).getByText('Success')).toBeInTheDocument());
    expect(calls.length).toBeGreaterThan(before);
  });

  it('shows execution times in seconds, then minutes', () => {
    expect(executionTimeText(null)).toBe('n/a');
    expect(executionTimeText(0.04)).toBe('0.0 s');
    expect(executionTimeText(59.9)).toBe('59.9 s');
    expect(executionTimeText(125)).toBe('2 min 5 s');
  });
});
