import type { ReportTaskRow } from '@asb/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { TasksTable } from './TasksTable';

const row = (taskId: string, state: string, statusMessage?: string): ReportTaskRow => ({
  taskId,
  label: taskId,
  run: '',
  state,
  color: '#9e9e9e',
  worker: '',
  start: 'n/a',
  end: 'n/a',
  startMs: undefined,
  endMs: undefined,
  durationSeconds: undefined,
  duration: 'n/a',
  tryNumber: 1,
  ...(statusMessage ? { statusMessage } : {}),
});

describe('TasksTable', () => {
  it('says under its state why a queued task has not started', () => {
    renderWithProviders(<TasksTable executionId="7" rows={[row('application', 'queued', 'Waiting: no worker offers cwltool.'), row('other', 'queued')]} />);
    const waiting = screen.getByRole('row', { name: /application/ });
    expect(within(waiting).getByText('Waiting: no worker offers cwltool.')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /other/ })).queryByText(/Waiting/)).not.toBeInTheDocument();
  });
});
