import type { ExecutionComparison } from '@asb/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch';
import { renderWithProviders } from '../../test/render-with-providers';
import { ExecutionComparePage } from './ExecutionComparePage';

afterEach(() => vi.unstubAllGlobals());

const side = (id: string, duration: number) => ({
  id,
  identifier: `ndvi-run-${id}`,
  kind: 'workflow' as const,
  processorLabel: 'NDVI chain',
  processorVersion: 2,
  status: 'success',
  ownerId: 'alice',
  startTime: '2026-11-28T10:00:00Z',
  endTime: '2026-11-28T10:01:00Z',
  duration,
});

const band = (mean: number) => ({ min: mean - 1, max: mean + 1, mean, std: 0.5, valid_percent: 100 });

const COMPARISON: ExecutionComparison = {
  left: side('4', 60),
  right: { ...side('9', 75), kind: 'model' },
  inputs: [
    { node_id: 'ndvi', identifier: 'threshold', label: 'NDVI threshold', change: 'changed', left: '0.3', right: '0.5', encrypted: false },
    { node_id: 'ndvi', identifier: 'red_band', label: 'Red band', change: 'same', left: '3', right: '3', encrypted: false },
    { node_id: 'ndvi', identifier: 'key', label: 'API key', change: 'same', left: '********', right: '********', encrypted: true },
  ],
  outputs: [
    {
      task_id: 'ndvi',
      key: 'ndvi',
      label: 'ndvi',
      type: 'geotiff',
      change: 'changed',
      comparedBy: 'raster',
      left: '/builder/v1/executions/4/files/ndvi/ndvi.tif',
      right: '/builder/v1/executions/9/files/ndvi/ndvi.tif',
      raster: { bands: [{ band: 'b1', left: band(0.25), right: band(0.5), meanDifference: 0.25 }] },
    },
    {
      task_id: 'summary',
      key: 'sentence',
      label: 'sentence',
      type: 'string',
      change: 'removed',
      comparedBy: 'value',
      left: 'Vegetation covers 40 %',
      right: null,
    },
  ],
  tasks: [
    {
      task_id: 'ndvi',
      task_label: 'ndvi:1',
      run: '',
      change: 'same',
      left: { state: 'success', duration: 4, try_number: 1 },
      right: { state: 'success', duration: 6.5, try_number: 1 },
      durationDifference: 2.5,
    },
    {
      task_id: 'summary',
      task_label: 'summary:1',
      run: '',
      change: 'changed',
      left: { state: 'success', duration: 1, try_number: 1 },
      right: { state: 'failed', duration: 1, try_number: 1 },
      durationDifference: 0,
    },
  ],
};

describe('ExecutionComparePage', () => {
  it('shows the two executions side by side with what changed highlighted', async () => {
    const { calls } = fakeFetch((request) => (request.path === '/builder/v1/executions/compare' ? { body: { data: COMPARISON } } : undefined));
    renderWithProviders(<ExecutionComparePage />, { path: '/monitoring/compare?ids=4,9' });

    expect(await screen.findByRole('region', { name: 'Left execution' })).toHaveTextContent('ndvi-run-4');
    expect(screen.getByRole('region', { name: 'Right execution' })).toHaveTextContent('ndvi-run-9');
    // each report at the page of its kind
    expect(screen.getByRole('link', { name: 'ndvi-run-4' })).toHaveAttribute('href', '/executions/4/report');
    expect(screen.getByRole('link', { name: 'ndvi-run-9' })).toHaveAttribute('href', '/monitoring/models/9/report');
    expect(calls.find((call) => call.path === '/builder/v1/executions/compare')?.query.get('ids')).toBe('4,9');
    expect(screen.getByText('Duration: the right took +15 s against the left.')).toBeInTheDocument();

    const inputs = screen.getByRole('table', { name: 'Input differences' });
    const threshold = within(inputs).getByText('NDVI threshold').closest('tr')!;
    expect(threshold).toHaveAttribute('data-change', 'changed');
    expect(
      within(threshold)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['NDVI thresholdndvi', '0.3', '0.5', 'Changed']);
    expect(within(inputs).getByText('Red band').closest('tr')).toHaveAttribute('data-change', 'same');

    const outputs = screen.getByRole('table', { name: 'Output differences' });
    const ndvi = outputs.querySelector('tr[data-output="ndvi"]')!;
    expect(ndvi).toHaveTextContent('ndvi/ndvi.tif');
    expect(ndvi).toHaveTextContent('b1: mean 0.25 · min -0.75 · max 1.25 · std 0.5');
    expect(ndvi).toHaveTextContent('b1 mean +0.25');
    expect(within(ndvi as HTMLElement).getByRole('button', { name: 'Swipe on one map' })).toBeInTheDocument();
    const sentence = outputs.querySelector('tr[data-output="sentence"]')!;
    expect(sentence).toHaveTextContent('Only left');

    const tasks = screen.getByRole('table', { name: 'Task differences' });
    expect(tasks.querySelector('tr[data-task-id="summary"]')).toHaveAttribute('data-change', 'changed');
    expect(tasks.querySelector('tr[data-task-id="ndvi"]')).toHaveTextContent('+2.5 s');
  });

  it('says when an execution cannot be compared, in the server words', async () => {
    fakeFetch((request) => (request.path === '/builder/v1/executions/compare' ? { status: 404, body: { detail: 'No execution #9 found.' } } : undefined));
    renderWithProviders(<ExecutionComparePage />, { path: '/monitoring/compare?ids=4,9' });
    expect(await screen.findByText('No execution #9 found.')).toBeInTheDocument();
  });

  it('asks for two executions when the address names fewer', () => {
    renderWithProviders(<ExecutionComparePage />, { path: '/monitoring/compare?ids=4' });
    expect(screen.getByText('Choose two executions in the Executions list and press Compare.')).toBeInTheDocument();
  });
});
