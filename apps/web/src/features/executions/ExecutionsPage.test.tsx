import type { ExecutionAttributes, ExecutionResults } from '@asb/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeRequest } from '../../test/fake-fetch';
import { renderWithProviders } from '../../test/render-with-providers';
import { liveClient } from '../../app/live/live';
import { activeShares } from './execution-view';
import { WorkflowExecutionsPage } from './pages';

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
            {
              identifier: 'secret',
              label: 'API key',
              value: 'CIPHERTEXT',
              user_visible: true,
              user_editable: true,
              description: '',
              data_type: 'password',
              encrypted: true,
            },
            { identifier: 'hidden', label: 'Hidden', value: 'internal', user_visible: false, user_editable: false, description: '', data_type: 'string' },
          ],
        },
      ],
      executionResults: null,
      workflowExecutionOrder: { tasks: [], workflow: { identifier: 'ndvi-chain', version: 1, 'dag-type': 'standard' as const } },
      workflowExecutionId: null,
      schedule: null,
      datastore: null,
      failure: null,
      startTime: null,
      endTime: null,
      duration: null,
      ...overrides,
    },
    relationships: { workspaces: { data: [] } },
  };
}

/** the row of the list (the contract's executionListAttributesSchema): no results, no pinned order */
function listRow(full: ReturnType<typeof execution>) {
  const { executionResults: _results, workflowExecutionOrder: _order, ...attributes } = full.attributes;
  return { ...full, attributes };
}

const RESULTS = {
  info: { data: { streams: { a: ['b'], b: [] } } },
  tasks: [
    { task_id: 'a', task_label: 'ndvi:1', state: 'failed', start_date: '2024-03-04T05:06:00Z', end_date: '2024-03-04T05:06:02.5Z', try_number: 1, run: '' },
    { task_id: 'b', task_label: 'ndvi:1', state: 'upstream_failed', start_date: null, end_date: '2024-03-04T05:06:03Z', try_number: 0, run: '' },
  ],
  data: [],
} satisfies ExecutionResults;

/** what the live socket delivers to the page */
function liveMessage(message: object) {
  act(() => (liveClient as unknown as { dispatch(data: string): void }).dispatch(JSON.stringify(message)));
}

const COUNTS: Record<string, number> = { 'pending,paused,submitting,credit_calculated': 3, 'running,request_sent': 1 };

type Answer = { status?: number; body?: unknown } | undefined;

function renderPage(answer: (query: URLSearchParams) => { status?: number; body?: unknown }, other: (request: FakeRequest) => Answer = () => undefined) {
  const { calls: all } = fakeFetch((request) => {
    if (request.path !== '/builder/v1/executions') return other(request);
    const status = request.query.get('filter[status]');
    if (status) return { body: { data: [], meta: { pagination: { page: 1, pages: 1, count: COUNTS[status] ?? 0 } } } };
    return answer(request.query);
  });
  renderWithProviders(<WorkflowExecutionsPage />, { path: '/monitoring' });
  // the list's calls, without the counts of the progress bar
  return { all, at: (index: number) => all.filter((call) => call.path === '/builder/v1/executions' && !call.query.has('filter[status]')).at(index) };
}

const page = (data: unknown[], pages = 1) => ({ body: { data, meta: { pagination: { page: 1, pages, count: data.length } } } });

describe('WorkflowExecutionsPage', () => {
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
    expect(within(screen.getByText('ndvi-run-3').closest('tr')!).getByText('Failed')).toBeInTheDocument();
    expect(await screen.findByText('3 pending · 1 running')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      '',
      '',
      'Status',
      'Workflow',
      'Executed by',
      'Started at',
      'Ends',
      '',
    ]);
    const query = calls.at(0)!.query;
    expect([query.get('sort'), query.get('page[number]'), query.get('page[size]'), query.get('filter[search]')]).toEqual(['-createdAt', '1', '20', null]);
  });

  it('says when a running execution should end, and why it cannot when there is no estimate (docs/estimates.md)', async () => {
    // 3 min 20 s ahead: '~3 min' however long the render takes
    const estimatedEnd = new Date(Date.now() + 200_000).toISOString();
    renderPage(() =>
      page([
        execution('1', { status: 'running', estimatedEnd }),
        execution('2', { status: 'running', estimatedEnd: null }),
        execution('3', { status: 'success' }),
      ]),
    );
    expect(within((await screen.findByText('ndvi-run-1')).closest('tr')!).getByText('ends in ~3 min')).toBeInTheDocument();
    expect(within(screen.getByText('ndvi-run-2').closest('tr')!).getByTitle(/No estimate/)).toBeInTheDocument();
    expect(within(screen.getByText('ndvi-run-3').closest('tr')!).queryByText(/ends in/)).not.toBeInTheDocument();
  });

  it('expands a row to its user-visible input parameters, encrypted ones masked', async () => {
    const user = userEvent.setup();
    renderPage(() => page([execution('1')]));
    await user.click(await screen.findByRole('button', { name: 'Show input parameters of ndvi-run-1' }));
    const inputs = screen.getByRole('table', { name: 'Inputs of ndvi-run-1' });
    expect(within(inputs).getByText('Red band')).toBeInTheDocument();
    expect(within(inputs).getByText('B04')).toBeInTheDocument();
    expect(within(inputs).getByText('********')).toBeInTheDocument();
    expect(within(inputs).queryByText('CIPHERTEXT')).not.toBeInTheDocument();
    expect(within(inputs).queryByText('Hidden')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide input parameters of ndvi-run-1' }));
    expect(screen.queryByRole('table', { name: 'Inputs of ndvi-run-1' })).not.toBeInTheDocument();
  });

  it('shows the tasks of an expanded execution with their states, and the log of a failed task', async () => {
    const user = userEvent.setup();
    const full = execution('1', { status: 'failed', progress: 1, executionResults: RESULTS });
    const calls = renderPage(
      () => page([listRow(full)]),
      (request) => {
        // the row carries no results: the expanded row reads them from the execution itself
        if (request.path === '/builder/v1/executions/1') return { body: { data: full } };
        return request.path === '/builder/v1/executions/1/tasks/a/log'
          ? { body: 'Traceback (most recent call last):\nValueError: negative start', type: 'text/plain; charset=utf-8' }
          : undefined;
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Show input parameters of ndvi-run-1' }));
    const tasks = await screen.findByRole('table', { name: 'Tasks of ndvi-run-1' });
    const [failed, upstream] = [within(tasks).getByText('a').closest('tr')!, within(tasks).getByText('b').closest('tr')!];
    expect(within(failed).getByText('Failed').closest('[data-task-state]')).toHaveAttribute('data-task-state', 'failed');
    expect(within(failed).getByText('2.5 s')).toBeInTheDocument();
    expect(within(upstream).getByText('Upstream failed').closest('[data-task-state]')).toHaveAttribute('data-task-state', 'upstream_failed');
    // a task that never ran has no log
    expect(within(upstream).queryByRole('button', { name: /Log/ })).not.toBeInTheDocument();
    await user.click(within(failed).getByRole('button', { name: 'Log of task a' }));
    expect(await screen.findByTestId('task-log')).toHaveTextContent('ValueError: negative start');
    expect(screen.getByRole('dialog', { name: 'Log of task a' })).toBeInTheDocument();
    expect(calls.all.some((call) => call.path === '/builder/v1/executions/1/tasks/a/log')).toBe(true);
  });

  it('stops a running execution after a confirmation; only active rows the user may change offer Stop', async () => {
    const user = userEvent.setup();
    let status = 'running';
    const calls = renderPage(
      () =>
        page([
          execution('1', { status }),
          execution('2', { status: 'success' }),
          execution('3', { status: 'running', permissions: { change: false, delete: false, share: false } }),
        ]),
      (request) => {
        if (request.method !== 'PATCH' || request.path !== '/builder/v1/executions/1/stop') return undefined;
        status = 'stopped';
        return { body: { data: execution('1', { status }) } };
      },
    );
    await screen.findByText('ndvi-run-1');
    expect(screen.queryByRole('button', { name: 'Stop ndvi-run-2' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop ndvi-run-3' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stop ndvi-run-1' }));
    const dialog = screen.getByRole('dialog', { name: 'Stop execution' });
    await user.click(within(dialog).getByRole('button', { name: 'Stop execution' }));
    await waitFor(() => expect(within(screen.getByText('ndvi-run-1').closest('tr')!).getByText('Stopped')).toBeInTheDocument());
    expect(calls.all.filter((call) => call.method === 'PATCH').map((call) => call.path)).toEqual(['/builder/v1/executions/1/stop']);
  });

  it('says why a failed execution failed on a line below its row', async () => {
    const failure = {
      taskId: 'a',
      taskLabel: 'ndvi:1',
      reason: 'ValueError: west (4.5) must be less than east',
      logTail: ['ValueError: west (4.5) must be less than east'],
    };
    renderPage(() => page([execution('1', { status: 'failed', failure }), execution('2', { status: 'success' })]));
    await screen.findByText('ndvi-run-1');
    expect(screen.getByText('Task a (ndvi:1) failed: ValueError: west (4.5) must be less than east')).toBeInTheDocument();
    expect(screen.getAllByText(/failed: /)).toHaveLength(1);
  });

  it("shows a never submitted execution as 'Not submitted' with Submit and Delete (the identifier typed)", async () => {
    const user = userEvent.setup();
    let rows = [execution('1', { status: 'created' }), execution('2', { status: 'created', permissions: { change: false, delete: false, share: false } })];
    const calls = renderPage(
      () => page(rows),
      (request) => {
        if (request.method === 'PATCH' && request.path === '/builder/v1/executions/1/execute') {
          rows = [execution('1', { status: 'pending' }), rows[1]!];
          return { body: { data: rows[0] } };
        }
        if (request.method === 'DELETE' && request.path === '/builder/v1/executions/1') {
          rows = [rows[1]!];
          return { status: 204 };
        }
        return undefined;
      },
    );
    const row = (await screen.findByText('ndvi-run-1')).closest('tr')!;
    expect(within(row).getByText('Not submitted')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit ndvi-run-2' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete ndvi-run-2' })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Delete ndvi-run-1' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete execution' });
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox'), 'ndvi-run-1');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('ndvi-run-1')).not.toBeInTheDocument());
    expect(calls.all.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/builder/v1/executions/1']);
  });

  it('follows executionUpdate live messages: the badge changes at once and the list is fetched again', async () => {
    let [status, progress] = ['pending', 0];
    const calls = renderPage(() => page([execution('1', { status, progress, executionResults: status === 'success' ? RESULTS : null })]));
    const badge = async () => within((await screen.findByText('ndvi-run-1')).closest('tr')!).getByText(/./, { selector: '[data-status-group] *' });
    expect(await badge()).toHaveTextContent('Pending');
    const listCalls = () => calls.all.filter((call) => !call.query.has('filter[status]')).length;
    const countCalls = () => calls.all.filter((call) => call.query.has('filter[status]')).length;
    const before = { list: listCalls(), counts: countCalls() };
    [status, progress] = ['running', 0.5];
    liveMessage({ type: 'executionUpdate', id: '1', identifier: 'ndvi-run-1', status, progress });
    await waitFor(async () => expect(await badge()).toHaveTextContent('50%'));
    [status, progress] = ['success', 1];
    liveMessage({ type: 'executionUpdate', id: '1', identifier: 'ndvi-run-1', status, progress });
    await waitFor(async () => expect(await badge()).toHaveTextContent('Success'));
    // the list and the bar's counts were fetched again, without any reload
    expect(listCalls()).toBeGreaterThan(before.list);
    expect(countCalls()).toBeGreaterThan(before.counts);
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

describe('activeShares', () => {
  it('splits the bar between pending and running executions', () => {
    expect(activeShares({ pending: 3, running: 1 })).toEqual({ pending: 75, running: 25 });
    expect(activeShares({ pending: 0, running: 0 })).toEqual({ pending: 0, running: 0 });
  });
});
