import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../../test/fake-fetch';
import { renderWithProviders } from '../../../test/render-with-providers';
import { taskExecution } from '../../executions/kinds/task-fixtures';
import { ApplicationReportPage, ModelReportPage } from '../pages';

afterEach(() => vi.unstubAllGlobals());
beforeAll(() => {
  // jsdom has no object URLs: the .png preview's blob gets a fixed one
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => undefined;
});

describe('ApplicationReportPage', () => {
  it('shows the main details, the error log with its line breaks, the inputs and the outputs with storage links rewritten and the .png previewed', async () => {
    const failed = taskExecution('7', {
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

  it("says why the application's task has not started while no worker offers what it needs", async () => {
    const waiting = taskExecution('8', { status: 'queued', progress: 0, statusMessage: 'Waiting: no worker offers cwltool.' });
    fakeFetch((request) => (request.path === '/taskmgr/v1/ades-tasks/8' ? { body: { data: waiting } } : undefined));
    renderWithProviders(
      <Routes>
        <Route path="/monitoring/applications/:id/report" element={<ApplicationReportPage />} />
      </Routes>,
      { path: '/monitoring/applications/8/report' },
    );
    expect(await screen.findByRole('status', { name: 'Not started yet' })).toHaveTextContent('Waiting: no worker offers cwltool.');
  });
});

describe('ModelReportPage', () => {
  it("reads the seldon task, links to the model's page and says 'Execution not found' for an unknown id", async () => {
    const model = taskExecution('9', {
      label: 'Land cover classifier (demo)',
      workflowIdentifier: 'land-cover',
      processIdentifier: 'models',
      status: 'success',
      progress: 1,
    });
    fakeFetch((request) => {
      if (request.path === '/taskmgr/v1/seldon-tasks/9') return { body: { data: { ...model, type: 'seldon-tasks' } } };
      if (request.path === '/taskmgr/v1/seldon-tasks/10') return { status: 404, body: { errors: [{ status: '404', detail: 'Not found.' }] } };
      return undefined;
    });
    const routes = (
      <Routes>
        <Route path="/monitoring/models/:id/report" element={<ModelReportPage />} />
      </Routes>
    );
    const { unmount } = renderWithProviders(routes, { path: '/monitoring/models/9/report' });
    const details = await screen.findByRole('table', { name: 'Main details' });
    expect(within(details).getByRole('link', { name: 'Land cover classifier (demo)' })).toHaveAttribute('href', '/collections/models/model_detail/land-cover');
    expect(within(details).getByText('Model')).toBeInTheDocument();
    expect(screen.getByText('No outputs')).toBeInTheDocument();
    unmount();
    renderWithProviders(routes, { path: '/monitoring/models/10/report' });
    expect(await screen.findByText('Execution not found')).toBeInTheDocument();
  });

  it("says another user's execution is not shared with the reader, not that something went wrong", async () => {
    fakeFetch((request) =>
      request.path === '/taskmgr/v1/seldon-tasks/11'
        ? { status: 403, body: { errors: [{ status: '403', detail: 'You do not have permission to perform this action.' }] } }
        : undefined,
    );
    renderWithProviders(
      <Routes>
        <Route path="/monitoring/models/:id/report" element={<ModelReportPage />} />
      </Routes>,
      { path: '/monitoring/models/11/report' },
    );
    expect(await screen.findByText('This execution is not yours, and not shared with you.')).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong while fetching the execution')).not.toBeInTheDocument();
  });
});
