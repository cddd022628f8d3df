import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { liveClient } from '../../../app/live/live';
import { fakeFetch } from '../../../test/fake-fetch';
import { renderWithProviders } from '../../../test/render-with-providers';
import type { ApplicationExecutionAttributes } from '../api/executions';
import { ApplicationExecutionsPage } from './TaskExecutionsPage';
import { ApplicationReportPage } from './TaskReportPage';

afterEach(() => vi.unstubAllGlobals());
beforeAll(() => {
  // jsdom has no object URLs: the .png preview's blob gets a fixed one
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => undefined;
});

function task(id: string, overrides: Partial<ApplicationExecutionAttributes> = {}) {
  const attributes: ApplicationExecutionAttributes = {
    identifier: `water-bodies-demo-${id}`,
    label: 'Water bodies (demo)',
    slug: null,
    ownerId: 'alice',
    isArchived: false,
    createdAt: '2024-03-04T05:06:00Z',
    updatedAt: '2024-03-04T05:06:00Z',
    workspaces: {},
    permissions: { change: true, delete: false, share: false },
    workflowIdentifier: 'water-bodies-demo',
    processVersion: '1.0.0',
    processIdentifier: 'alice:demo',
    workerSelectors: { label: 'Default' },
    schedule: null,
    progress: 0.5,
    status: 'running',
    inputs: [{ identifier: 'threshold', value: 0.1 }],
    executionResults: null,
    errorLog: null,
    executionTime: null,
    completionTime: null,
    workerLabel: null,
    workflowExecutionId: `water-bodies-demo-${id}`,
    target: 'local',
    remoteJob: null,
    ...overrides,
  };
  return { type: 'ades-tasks', id, attributes };
}

const page = (rows: ReturnType<typeof task>[]) => ({ data: rows, meta: { pagination: { page: 1, pages: 1, count: rows.length } } });

describe('ApplicationExecutionsPage', () => {
  it('lists the executions newest first, 20 a page, expands the inputs and follows executionUpdate', async () => {
    const user = userEvent.setup();
    let current = task('7');
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

    current = task('7', { status: 'success', progress: 1, executionTime: 4 });
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

describe('ApplicationReportPage', () => {
  it('shows the main details, the error log with its line breaks, the inputs and the outputs with storage links rewritten and the .png previewed', async () => {
    const failed = task('7', {
      status: 'failed',
      progress: 1,
      errorLog: 'cwltool failed\nline two',
      completionTime: '2024-03-04T05:08:05Z',
      executionTime: 125,
      executionResults: {
        S3OutputsPath: 's3://bucket/alice/executions/7/',
        S3BucketName: 'bucket',
        data: [
          { id: 'preview', value: 's3://bucket/alice/executions/7/application/water_mask.png' },
          { id: 'count', value: 3 },
        ],
      },
    });
    const { calls } = fakeFetch((request) => {
      if (request.path === '/taskmgr/v1/ades-tasks/7') return { body: { data: failed } };
      if (request.path === '/builder/v1/executions/7/files/application/water_mask.png') return { body: 'PNG', type: 'image/png' };
      return undefined;
    });
    renderWithProviders(
      <Routes>
        <Route path="/monitoring/applications/:id/report" element={<ApplicationReportPage />} />
      </Routes>,
      { path: '/monitoring/applications/7/report' },
    );
    expect(await screen.findByText('Main details')).toBeInTheDocument();
    expect(screen.getByText('alice:demo')).toBeInTheDocument();
    expect(screen.getByText('2m 5s')).toBeInTheDocument();
    expect(screen.getByTestId('error-log')).toHaveTextContent('cwltool failed line two');
    expect(screen.getByTestId('error-log')).toHaveStyle({ whiteSpace: 'pre-wrap' });
    expect(screen.getByRole('table', { name: 'Inputs' })).toHaveTextContent('threshold0.1');
    const outputs = screen.getByRole('table', { name: 'Outputs' });
    expect(within(outputs).getByRole('link', { name: 'water_mask.png' })).toHaveAttribute('href', '/builder/v1/executions/7/files/application/water_mask.png');
    expect(await within(outputs).findByRole('img', { name: /Preview of preview/ })).toHaveAttribute('src', 'blob:preview');
    expect(calls.some((call) => call.path === '/builder/v1/executions/7/files/application/water_mask.png')).toBe(true);
    expect(screen.getByRole('link', { name: 'Full report and task log' })).toHaveAttribute('href', '/executions/7/report');
  });
});
