import type { ExecutionAttributes } from '@asb/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch';
import { renderWithProviders } from '../../test/render-with-providers';
import { activeShares, shownInputs } from './execution-view';
import { ExecutionsPage } from './ExecutionsPage';

afterEach(() => vi.unstubAllGlobals());

function execution(id: string, overrides: Partial<ExecutionAttributes> = {}) {
  return {
    type: 'executions',
    id,
    attributes: {
      identifier: `ndvi-run-${id}`,
      label: '',
      slug: null,
      ownerId: 'alice',
      isArchived: false,
      createdAt: '2024-03-04T05:06:00Z',
      updatedAt: '2024-03-04T05:06:00Z',
      workspaces: {},
      permissions: { change: true, delete: true, share: true },
      processorId: '7',
      processorIdentifier: 'ndvi-chain',
      processorLabel: 'NDVI chain',
      processorVersion: 1,
      status: 'pending',
      progress: 0,
      inputs: [
        {
          node_id: 'ndvi',
          items: [
            { identifier: 'red', label: 'Red band', value: 'B04', user_visible: true, user_editable: true, description: '', data_type: 'string' },
            { identifier: 'secret', label: 'API key', value: 'CIPHERTEXT', user_visible: true, user_editable: true, description: '', data_type: 'password', encrypted: true },
            { identifier: 'hidden', label: 'Hidden', value: 'internal', user_visible: false, user_editable: false, description: '', data_type: 'string' },
          ],
        },
      ],
      executionResults: null,
      workflowExecutionOrder: { tasks: [], workflow: { identifier: 'ndvi-chain', version: 1, 'dag-type': 'standard' as const } },
      workflowExecutionId: null,
      schedule: null,
      datastore: null,
      startTime: null,
      endTime: null,
      duration: null,
      ...overrides,
    },
    relationships: { workspaces: { data: [] } },
  };
}

const COUNTS: Record<string, number> = { 'pending,paused,submitting,credit_calculated': 3, 'running,request_sent': 1 };

function renderPage(answer: (query: URLSearchParams) => { status?: number; body?: unknown }) {
  const { calls: all } = fakeFetch((request) => {
    if (request.path !== '/builder/v1/executions') return undefined;
    const status = request.query.get('filter[status]');
    if (status) return { body: { data: [], meta: { pagination: { page: 1, pages: 1, count: COUNTS[status] ?? 0 } } } };
    return answer(request.query);
  });
  renderWithProviders(<ExecutionsPage />, { path: '/monitoring' });
  // the list's calls, without the counts of the progress bar
  return { at: (index: number) => all.filter((call) => !call.query.has('filter[status]')).at(index) };
}

const page = (data: unknown[], pages = 1) => ({ body: { data, meta: { pagination: { page: 1, pages, count: data.length } } } });

describe('ExecutionsPage', () => {
  it('lists executions newest first with status, report link, schedule link and the active counts', async () => {
    const calls = renderPage(() =>
      page([
        execution('1', { status: 'running', progress: 0.42, schedule: { id: '3', identifier: 'nightly' } }),
        execution('2', { status: 'pending' }),
        execution('3', { status: 'failed' }),
      ]),
    );
    const first = (await screen.findByText('ndvi-run-1')).closest('tr')!;
    expect(within(first).getByText('42%')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'NDVI chain' })).toHaveAttribute('href', '/workflows/7');
    expect(within(first).getByRole('link', { name: 'Execution Report' })).toHaveAttribute('href', '/executions/1/report');
    expect(within(first).getByRole('link', { name: 'nightly' })).toHaveAttribute('href', '/schedules/3');
    expect(within(screen.getByText('ndvi-run-3').closest('tr')!).getByText('failed')).toBeInTheDocument();
    expect(await screen.findByText('3 pending · 1 running')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['', 'Status', 'Workflow', 'Executed by', 'Started at', '']);
    const query = calls.at(0)!.query;
    expect([query.get('sort'), query.get('page[number]'), query.get('page[size]'), query.get('filter[search]')]).toEqual(['-createdAt', '1', '20', null]);
  });

  it('expands a row to its user-visible input parameters, encrypted ones masked', async () => {
    const user = userEvent.setup();
    renderPage(() => page([execution('1')]));
    await user.click(await screen.findByRole('button', { name: 'Show input parameters of ndvi-run-1' }));
    const inputs = screen.getByRole('table', { name: 'Inputs of ndvi-run-1' });
    expect(within(inputs).getByText('Red band')).toBeInTheDocument();
    expect(within(inputs).getByText('B04')).toBeInTheDocument();
    expect(within(inputs).getByText('••••')).toBeInTheDocument();
    expect(within(inputs).queryByText('CIPHERTEXT')).not.toBeInTheDocument();
    expect(within(inputs).queryByText('Hidden')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide input parameters of ndvi-run-1' }));
    expect(screen.queryByRole('table', { name: 'Inputs of ndvi-run-1' })).not.toBeInTheDocument();
  });

  it('searches with filter[search]', async () => {
    const user = userEvent.setup();
    const calls = renderPage((query) => (query.get('filter[search]') === 'zzz' ? page([]) : page([execution('1')])));
    await screen.findByText('ndvi-run-1');
    await user.type(screen.getByRole('textbox', { name: 'Search executions' }), 'zzz{Enter}');
    expect(await screen.findByText('No executions found')).toBeInTheDocument();
    expect(calls.at(-1)!.query.get('filter[search]')).toBe('zzz');
  });

  it("says 'Something went wrong while fetching executions' when the list fails", async () => {
    renderPage(() => ({ status: 500, body: { detail: 'boom' } }));
    expect(await screen.findByText('Something went wrong while fetching executions')).toBeInTheDocument();
  });
});

describe('execution view helpers', () => {
  it('splits the bar between pending and running executions', () => {
    expect(activeShares({ pending: 3, running: 1 })).toEqual({ pending: 75, running: 25 });
    expect(activeShares({ pending: 0, running: 0 })).toEqual({ pending: 0, running: 0 });
  });

  it('drops groups without visible items and labels items by identifier when unlabelled', () => {
    const groups = shownInputs([
      { node_id: 'a', items: [{ identifier: 'x', label: '', value: '1', user_visible: true, user_editable: true, description: '', data_type: 'string' }] },
      { node_id: 'b', items: [{ identifier: 'y', label: 'Y', value: '2', user_visible: false, user_editable: true, description: '', data_type: 'string' }] },
    ]);
    expect(groups).toEqual([{ nodeId: 'a', items: [{ key: 'a.x', label: 'x', value: '1', isEncrypted: false }] }]);
  });
});
