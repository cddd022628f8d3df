import type { Application } from '@asb/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testInstance } from '../../../test/fake-auth';
import { fakeFetch, type FakeRequest } from '../../../test/fake-fetch';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ExecuteApplicationPage } from './ExecuteApplicationPage';

afterEach(() => vi.unstubAllGlobals());

const LICENCE = 'https://example.org/licence';

function application(overrides: Partial<Application> = {}): Application {
  return {
    identifier: 'water-bodies',
    collection: 'alice:demo',
    title: 'Water bodies detection',
    abstract: '',
    keywords: [],
    label: 'Water bodies',
    doc: '',
    softwareVersion: '1.0.0',
    dateCreated: '2024-01-01',
    releaseNotes: '',
    license: '',
    logo: '',
    author: [],
    inputs: [
      { id: 'threshold', label: 'Threshold', doc: 'NDWI threshold', default: 0.5, type: { type: 'float' }, optional: false, typeLabel: 'float' },
      { id: 'count', label: 'Count', doc: '', default: null, type: { type: 'int' }, optional: false, typeLabel: 'int' },
      { id: 'method', label: 'Method', doc: '', default: 'otsu', type: { type: 'enum', symbols: ['otsu', 'fixed'] }, optional: false, typeLabel: 'enum' },
      { id: 'note', label: 'Note', doc: '', default: null, type: { type: 'string' }, optional: true, typeLabel: 'string?' },
    ],
    outputs: [],
    processClass: 'Workflow',
    cwlVersion: 'v1.2',
    hints: [],
    original_cwl: null,
    ownerId: 'alice',
    publication: 'private',
    permissions: { edit: true, delete: true, publish: true, execute: true },
    createdAt: '2024-01-01T00:00:00Z',
    updatedAt: '2024-01-01T00:00:00Z',
    ...overrides,
  };
}

const ades = { identifier: 'remote', title: 'Remote ADES', url: 'https://ades.example.org', abstract: '', checkedAt: null, reachable: true, conformsTo: [] };

function serve(app: Application, accepted: string[] = []) {
  let terms = [...accepted];
  return fakeFetch((request: FakeRequest) => {
    if (request.path.endsWith('/describe_application')) return { body: { data: app } };
    if (request.path === '/backend/v1/available-ades') return { body: { data: [ades] } };
    if (request.path === '/usermgr/v1/terms-and-conditions/') return { body: { data: terms.map((id) => ({ terms_and_conditions_id: id, accepted_at: '' })) } };
    if (request.path.endsWith('/accept/')) terms.push((request.body as { terms_and_conditions_id: string }).terms_and_conditions_id);
    if (request.path.endsWith('/revoke/')) terms = [];
    if (request.path.includes('/terms-and-conditions/')) return { body: { data: [] } };
    if (request.path.endsWith('/execute')) {
      const count = (request.body as { inputs: { identifier: string; value: unknown }[] }).inputs.find((input) => input.identifier === 'count');
      if (count?.value === 13) return { status: 400, body: { detail: 'Input count must be lucky (int).' } };
      return { status: 201, body: { data: { type: 'ades-tasks', id: '9', attributes: { identifier: 'water-bodies-run-9' } } } };
    }
    return undefined;
  });
}

function renderPage(features: string[] = []) {
  return renderWithProviders(
    <Routes>
      <Route path="/collections/:id/execute/:appId" element={<ExecuteApplicationPage />} />
      <Route path="/monitoring/applications" element={<p>Application executions page</p>} />
    </Routes>,
    { path: '/collections/alice:demo/execute/water-bodies', instance: testInstance({ theme_features: features }) },
  );
}

describe('ExecuteApplicationPage', () => {
  it('fills defaults, keeps Execute off while an input is invalid, sends typed values and the target, then goes to the executions', async () => {
    const user = userEvent.setup();
    const { calls } = serve(application());
    renderPage();
    expect(await screen.findByRole('textbox', { name: /Threshold/ })).toHaveValue('0.5');
    expect(screen.getByRole('button', { name: 'Execute' })).toBeDisabled();
    expect(screen.getByText('1 input needs a valid value.')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /Count/ }), '2.5');
    expect(screen.getByText('Enter a whole number')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: /Count/ }));
    await user.type(screen.getByRole('textbox', { name: /Count/ }), '3');

    await user.click(screen.getByRole('combobox', { name: /Target Platform/ }));
    await user.click(await screen.findByRole('option', { name: 'Remote ADES' }));
    await user.click(screen.getByRole('button', { name: 'Execute' }));

    expect(await screen.findByText('Application executions page')).toBeInTheDocument();
    const execute = calls.find((call) => call.method === 'POST' && call.path.endsWith('/execute'));
    expect(execute?.body).toEqual({
      cwl_identifier: 'water-bodies',
      ades_id: 'remote',
      inputs: [
        { identifier: 'threshold', value: 0.5 },
        { identifier: 'count', value: 3 },
        { identifier: 'method', value: 'otsu' },
      ],
    });
  });

  it('shows an input the server refuses under its field', async () => {
    const user = userEvent.setup();
    serve(application());
    renderPage();
    await user.type(await screen.findByRole('textbox', { name: /Count/ }), '13');
    await user.click(screen.getByRole('button', { name: 'Execute' }));
    expect(await screen.findByText('Input count must be lucky (int).')).toBeInTheDocument();
  });

  it('with a -tcs theme feature and a licence, Execute waits until the terms are accepted (spec 3 §5)', async () => {
    const user = userEvent.setup();
    const { calls } = serve(application({ license: LICENCE, inputs: [] }));
    renderPage(['eoepca-tcs']);
    const terms = await screen.findByRole('checkbox', { name: /Terms and Conditions/ });
    await waitFor(() => expect(terms).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Execute' })).toBeDisabled();

    await user.click(terms);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /Terms and Conditions/ })).toBeChecked());
    expect(screen.getByRole('button', { name: 'Execute' })).toBeEnabled();
    expect(calls.find((call) => call.path === '/usermgr/v1/terms-and-conditions/accept/')?.body).toEqual({ terms_and_conditions_id: LICENCE });

    await user.click(screen.getByRole('checkbox', { name: /Terms and Conditions/ }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /Terms and Conditions/ })).not.toBeChecked());
    expect(screen.getByRole('button', { name: 'Execute' })).toBeDisabled();
  });

  it('asks for no terms without a -tcs feature', async () => {
    const { calls } = serve(application({ license: LICENCE, inputs: [] }));
    renderPage();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Execute' })).toBeEnabled());
    expect(screen.queryByRole('checkbox', { name: /Terms and Conditions/ })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === '/usermgr/v1/terms-and-conditions/')).toBe(false);
  });
});
