import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveClient } from '../../../app/live/live';
import { fakeFetch } from '../../../test/fake-fetch';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ApplicationExecutionsPage } from '../pages';
import { taskExecution } from './task-fixtures';

afterEach(() => vi.unstubAllGlobals());

const page = (rows: ReturnType<typeof taskExecution>[]) => ({ data: rows, meta: { pagination: { page: 1, pages: 1, count: rows.length } } });

describe('ApplicationExecutionsPage', () => {
  it('lists the executions newest first, 20 a page, expands the inputs and follows executionUpdate', async () => {
    const user = userEvent.setup();
    let current = taskExecution('7');
    const { calls } = fakeFetch((request) => (request.path === '/taskmgr/v1/ades-tasks' ? { body: page([current]) } : undefined));
    renderWithProviders(<ApplicationExecutionsPage />);
    const row = await screen.findByRole('row', { name: /Water bodies \(demo\)/ });
    expect(within(row).getByText('50%')).toBeInTheDocument();
    expect(within(row).getByText('Default')).toBeInTheDocument();
    expect(within(row).getByText('n/a')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Execution Report' })).toHaveAttribute('href', '/monitoring/applications/7/report');
    const list = calls.find((call) => call.path === '/taskmgr/v1/ades-tasks')!;
    expect(Object.fromEntries(list.query)).toMatchObject({ sort: '-createdAt', 'page[number]': '1', 'page[size]': '20' });

    await user.click(within(row).getByRole('button', { name: /Show inputs/ }));
    expect(screen.getByRole('table', { name: 'Inputs of water-bodies-demo-7' })).toHaveTextContent('threshold0.1');

    current = taskExecution('7', { status: 'success', progress: 1, executionTime: 4 });
    const message = {
      type: 'executionUpdate',
      id: '7',
      identifier: 'water-bodies-demo-7',
      status: 'success',
      progress: 1,
      application_id: 'water-bodies-demo',
    };
    act(() => (liveClient as unknown as { dispatch(data: string): void }).dispatch(JSON.stringify(message)));
    await waitFor(() => expect(within(row).getByText('Success')).toBeInTheDocument());
    await waitFor(() => expect(within(row).getByText('4s')).toBeInTheDocument());
  });

  it("says 'Something went wrong while fetching executions' when the list fails", async () => {
    fakeFetch(() => ({ status: 500, body: { detail: 'boom' } }));
    renderWithProviders(<ApplicationExecutionsPage />);
    expect(await screen.findByText('Something went wrong while fetching executions')).toBeInTheDocument();
  });
});
