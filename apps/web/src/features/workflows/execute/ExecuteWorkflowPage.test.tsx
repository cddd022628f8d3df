import { EXECUTION_NOT_ALLOWED, INVALID_COORDINATE, INVALID_DATE_RANGE, MIN_INTERVAL_MESSAGE, type WorkflowInputGroup } from '@asb/contracts';
import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../../test/fake-fetch';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ExecuteWorkflowPage, ScheduleWorkflowPage } from './ExecuteWorkflowPage';
import { inputItem, testProcessor } from '../../executions/execute/test-inputs';
import { executeButton, renderExecutePage } from './execute-page-fixtures';

afterEach(() => vi.unstubAllGlobals());

const GROUPS: WorkflowInputGroup[] = [
  {
    node_id: 'n1',
    label: 'Locate',
    items: [
      inputItem('lat', 'latitude', { label: 'Latitude' }),
      inputItem('band', 'string', { label: 'Band', constraints: { enum: ['a', 'b'], enum_labels: ['Alpha', 'Beta'] } }),
      inputItem('secret_default', 'string', { label: 'Secret default', userVisible: false, defaultValue: 'hidden-value' }),
    ],
  },
];

function renderPage({
  groups = GROUPS,
  allowed = true,
  processorStatus = 200,
}: { groups?: WorkflowInputGroup[]; allowed?: boolean | 'fails'; processorStatus?: number } = {}) {
  return renderExecutePage({ groups, allowed, processorStatus });
}

async function chooseBand(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.click(screen.getByRole('combobox', { name: 'Band' }));
  await user.click(await screen.findByRole('option', { name: text }));
}

describe('ExecuteWorkflowPage', () => {
  it("titles the page 'owner / label' with the identifier and version", async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'alice / NDVI flow' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'wf-ndvi' })).toHaveAttribute('href', '/workflows/5');
    expect(screen.getByText('Version 2')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Execute' })).toBeInTheDocument();
  });

  it('shows the invalid coordinate message and keeps Execute disabled', async () => {
    const user = userEvent.setup();
    renderPage();
    const latitude = await screen.findByRole('textbox', { name: 'Latitude' });
    await user.type(latitude, '91');
    expect(await screen.findByText(INVALID_COORDINATE)).toBeInTheDocument();
    await chooseBand(user, 'Alpha');
    expect(executeButton()).toBeDisabled();
    expect(screen.getByText('1 input needs a valid value.')).toBeInTheDocument();
    await user.clear(latitude);
    await user.type(latitude, '45.5');
    expect(screen.queryByText(INVALID_COORDINATE)).not.toBeInTheDocument();
    await waitFor(() => expect(executeButton()).toBeEnabled());
  });

  it('offers the enum labels as choices and sends the value, leaving the hidden input out', async () => {
    const user = userEvent.setup();
    const calls = renderPage();
    await user.type(await screen.findByRole('textbox', { name: 'Latitude' }), '10');
    expect(screen.queryByText('Secret default')).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Band' }));
    expect(screen.getByRole('option', { name: 'Alpha' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Beta' }));
    expect(screen.getByRole('combobox', { name: 'Band' })).toHaveValue('Beta');
    await waitFor(() => expect(executeButton()).toBeEnabled());
    await user.click(executeButton());
    expect(await screen.findByRole('heading', { name: 'Executions list' })).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST' && call.path === '/builder/v1/executions');
    expect(post?.body).toEqual({
      processor_id: '5',
      processor_version: 2,
      inputs: [
        {
          node_id: 'n1',
          items: [
            { identifier: 'lat', label: 'Latitude', value: '10', user_visible: true, user_editable: true, description: '', data_type: 'latitude' },
            { identifier: 'band', label: 'Band', value: 'b', user_visible: true, user_editable: true, description: '', data_type: 'string' },
          ],
        },
      ],
    });
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(
      expect.arrayContaining(['PATCH /builder/v1/executions/31/execute', 'POST /builder/v1/executions/31/product-order']),
    );
  });

  it('fills a date range from the calendar, or typed', async () => {
    const user = userEvent.setup();
    renderPage({
      groups: [{ node_id: 'n2', label: 'Filter', items: [inputItem('period', 'date-range', { label: 'Period', defaultValue: '2024-03-04 / 2024-03-05' })] }],
    });
    const period = await screen.findByRole('textbox', { name: 'Period' });
    expect(period).toHaveValue('2024-03-04 / 2024-03-05');
    await waitFor(() => expect(executeButton()).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Pick Period in a calendar' }));
    await user.click(screen.getByRole('button', { name: '11 March 2024' }));
    await user.click(screen.getByRole('button', { name: '15 March 2024' }));
    expect(period).toHaveValue('2024-03-11 / 2024-03-15');
    await waitFor(() => expect(executeButton()).toBeEnabled());

    await user.clear(period);
    await user.type(period, '2024-03-11 / 2024-02-30');
    await user.tab();
    expect(executeButton()).toBeDisabled();
    expect(await screen.findByText(INVALID_DATE_RANGE)).toBeInTheDocument();
    await user.clear(period);
    await user.type(period, '2024-03-11/2024-03-20');
    expect(period).toHaveValue('2024-03-11 / 2024-03-20');
    await waitFor(() => expect(executeButton()).toBeEnabled());
  });

  it('shows a server refusal under its input', async () => {
    const user = userEvent.setup();
    const { calls } = fakeFetch((request) => {
      if (request.path === '/knowledge/v1/processors/5') return { body: { data: testProcessor([GROUPS[0]!]) } };
      if (request.path === '/builder/v1/executions/execution_allowed') return { body: { data: { allowed: true } } };
      if (request.path === '/builder/v1/executions')
        return { status: 400, body: { errors: [{ status: '400', detail: 'Latitude refused here.', source: { pointer: '/data/attributes/inputs/n1/lat' } }] } };
      return undefined;
    });
    renderWithProviders(
      <Routes>
        <Route path="/workflows/:id/execute" element={<ExecuteWorkflowPage />} />
      </Routes>,
      { path: '/workflows/5/execute' },
    );
    await user.type(await screen.findByRole('textbox', { name: 'Latitude' }), '10');
    await chooseBand(user, 'Alpha');
    await waitFor(() => expect(executeButton()).toBeEnabled());
    await user.click(executeButton());
    expect(await screen.findByText('Latitude refused here.')).toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/execute') && call.method === 'PATCH')).toBe(false);
  });

  it('warns and disables Execute when execution is not allowed', async () => {
    renderPage({ allowed: false, groups: [] });
    expect(await screen.findByText(EXECUTION_NOT_ALLOWED)).toBeInTheDocument();
    expect(executeButton()).toBeDisabled();
  });

  it('allows execution when the check itself fails', async () => {
    renderPage({ allowed: 'fails', groups: [] });
    await waitFor(() => expect(executeButton()).toBeEnabled());
    expect(screen.queryByText(EXECUTION_NOT_ALLOWED)).not.toBeInTheDocument();
  });

  it("shows 'Workflow not found' when loading fails", async () => {
    renderPage({ processorStatus: 404 });
    expect(await screen.findByRole('heading', { name: 'Workflow not found' })).toBeInTheDocument();
  });

  it('encrypts a password in the browser and shows the preview', async () => {
    const pair = await globalThis.crypto.subtle.generateKey(
      { name: 'RSA-OAEP', hash: 'SHA-256', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
      true,
      ['encrypt', 'decrypt'],
    );
    const spki = btoa(String.fromCharCode(...new Uint8Array(await globalThis.crypto.subtle.exportKey('spki', pair.publicKey))));
    const user = userEvent.setup();
    const calls = renderPage({
      groups: [
        {
          node_id: 'n1',
          label: 'Login',
          items: [inputItem('token', 'password', { label: 'Token', constraints: { enc_method: 'RSA', enc_hash_function: 'SHA', enc_public_key: spki } })],
        },
      ],
    });
    await user.type(await screen.findByLabelText(/Token/), 'hunter2');
    const preview = await screen.findByTestId('encrypted-preview');
    expect(within(preview).getByText(/^[A-Za-z0-9+/=]{75}$/)).toBeInTheDocument();
    await waitFor(() => expect(executeButton()).toBeEnabled());
    await user.click(executeButton());
    expect(await screen.findByRole('heading', { name: 'Executions list' })).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST' && call.path === '/builder/v1/executions')!;
    expect(JSON.stringify(post.body)).not.toContain('hunter2');
    const value = (post.body as { inputs: { items: { value: string }[] }[] }).inputs[0]!.items[0]!.value;
    const clear = await globalThis.crypto.subtle.decrypt(
      { name: 'RSA-OAEP' },
      pair.privateKey,
      Uint8Array.from(atob(value), (c) => c.charCodeAt(0)),
    );
    expect(new TextDecoder().decode(clear)).toBe('hunter2');
  });

  it('schedules with the switch on: the spec payload, a red button when refused, then the new schedule', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const { calls } = fakeFetch((request) => {
      if (request.path === '/knowledge/v1/processors/5') return { body: { data: testProcessor(GROUPS) } };
      if (request.path === '/builder/v1/executions/execution_allowed') return { body: { data: { allowed: true } } };
      if (request.path === '/builder/v1/schedules' && request.method === 'POST') {
        attempts++;
        if (attempts === 1) return { status: 503, body: { detail: 'The scheduler is busy.' } };
        return { status: 201, body: { data: { type: 'schedules', id: '12', attributes: { identifier: 'wf-ndvi-schedule-1' } } } };
      }
      return undefined;
    });
    renderWithProviders(
      <Routes>
        <Route path="/workflows/:id/schedule" element={<ScheduleWorkflowPage />} />
        <Route path="/schedules/:id" element={<h1>Schedule page</h1>} />
      </Routes>,
      { path: '/workflows/5/schedule' },
    );
    // /workflows/{id}/schedule opens with the switch on and the spec defaults
    expect(await screen.findByRole('switch', { name: 'Schedule' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Strategy' })).toHaveValue('Single execution');
    await user.type(screen.getByRole('textbox', { name: 'Latitude' }), '10');
    await chooseBand(user, 'Alpha');

    await user.click(screen.getByRole('combobox', { name: 'Strategy' }));
    await user.click(screen.getByRole('option', { name: 'Interval execution' }));
    const every = screen.getByRole('textbox', { name: 'Every' });
    await user.clear(every);
    await user.type(every, '5');
    await user.click(screen.getByRole('combobox', { name: 'Interval period' }));
    await user.click(screen.getByRole('option', { name: 'minutes' }));
    expect(screen.getByText(MIN_INTERVAL_MESSAGE)).toBeInTheDocument();
    const scheduleButton = () => screen.getByRole('button', { name: 'Schedule' });
    expect(scheduleButton()).toBeDisabled();
    await user.clear(every);
    await user.type(every, '12');
    await waitFor(() => expect(scheduleButton()).toBeEnabled());

    await user.click(scheduleButton());
    await waitFor(() => expect(scheduleButton()).toHaveAttribute('data-failed', 'true'));
    await user.click(scheduleButton());
    expect(await screen.findByRole('heading', { name: 'Schedule page' })).toBeInTheDocument();
    const post = calls.filter((call) => call.method === 'POST' && call.path === '/builder/v1/schedules').at(-1);
    expect(post?.body).toMatchObject({
      processor_id: '5',
      processor_version: 2,
      title: 'NDVI flow schedule',
      strategy: 'interval-execution',
      status: 'enabled',
      interval: 12,
      interval_period: 'minutes',
      hour: null,
      day_of_month: null,
      inputs: { workflow: { identifier: 'wf-ndvi' }, tasks: [{ task_id: 'n1', inputs: { lat: '10', band: 'a' } }] },
    });
    expect((post?.body as { start_time: string }).start_time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00Z$/);
  });
});
