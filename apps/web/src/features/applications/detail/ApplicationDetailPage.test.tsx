import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Application } from '@asb/contracts';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext } from '../../../app/auth/auth-context';
import { fakeAuth } from '../../../test/fake-auth';
import { fakeFetch, type FakeRequest } from '../../../test/fake-fetch';
import { testUser } from '../../../test/render-with-providers';
import { application } from '../test/application-fixtures';
import { ApplicationDetailPage } from './ApplicationDetailPage';
import { LICENCE_WARNING } from './properties-form';

afterEach(() => vi.unstubAllGlobals());

const BASE = '/backend/v1/catalogue-collections/alice%3Aapps';

function renderPage(described: Application, { isSignedIn = true, onUpdate }: { isSignedIn?: boolean; onUpdate?(request: FakeRequest): Application } = {}) {
  let current = described;
  const { calls } = fakeFetch((request) => {
    if (request.path === `${BASE}/describe_application`) return { body: { data: current } };
    if (request.path === `${BASE}/update_application` && onUpdate) {
      current = onUpdate(request);
      return { body: { data: current } };
    }
    return undefined;
  });
  const auth = isSignedIn ? fakeAuth({ status: 'authenticated', user: testUser() }) : fakeAuth();
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AuthContext.Provider value={auth}>
          <MemoryRouter initialEntries={['/collections/alice:apps/detail/water-bodies']}>
            <Routes>
              <Route path="/collections/:id/detail/:appId" element={<ApplicationDetailPage />} />
            </Routes>
          </MemoryRouter>
        </AuthContext.Provider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return calls;
}

describe('ApplicationDetailPage', () => {
  it('shows title, version, inputs and outputs, the hints the local target ignores, no javascript: logo; signed out: no Execute, no controls', async () => {
    renderPage(application({ permissions: { edit: false, delete: false, publish: false, execute: false } }), { isSignedIn: false });
    expect(await screen.findByRole('heading', { name: 'Water bodies detection' })).toBeInTheDocument();
    expect(screen.getByLabelText('Version')).toHaveTextContent('1.0.0');
    const inputs = screen.getByRole('table', { name: 'Inputs' });
    expect(within(inputs).getByText('string[]')).toBeInTheDocument();
    expect(within(inputs).getByText('EPSG:4326')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Outputs' })).getByText('Directory')).toBeInTheDocument();
    expect(screen.getByText('DockerRequirement')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Execute' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish to Marketplace' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Properties' }));
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('the CWL tab appears only when the original exists', async () => {
    renderPage(application({ original_cwl: null }));
    await screen.findByRole('heading', { name: 'Water bodies detection' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Inputs/Outputs', 'Properties']);
  });

  it('highlights the CWL in its tab', async () => {
    renderPage(application());
    await userEvent.click(await screen.findByRole('tab', { name: 'CWL' }));
    const code = await screen.findByLabelText('CWL document');
    expect(within(code).getByText('# main')).toBeInTheDocument();
    expect(within(code).getByText('class:')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
  });

  it('edits properties: keywords split on comma or semicolon, the licence flagged when not a URL, Save sends the update payload', async () => {
    const calls = renderPage(application(), {
      onUpdate: (request) => {
        const body = request.body as { keywords: string[]; license_url: string };
        return application({ keywords: body.keywords, license: body.license_url });
      },
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Properties' }));
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const licence = screen.getByRole('textbox', { name: 'Licence URL' });
    await userEvent.clear(licence);
    await userEvent.type(licence, 'not a url');
    expect(screen.getByText(LICENCE_WARNING)).toBeInTheDocument();
    await userEvent.clear(licence);
    await userEvent.type(licence, 'https://spdx.org/licenses/MIT.html');
    expect(screen.queryByText(LICENCE_WARNING)).not.toBeInTheDocument();
    await userEvent.type(screen.getByPlaceholderText('Add keywords'), 'flood;lakes,');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    const update = calls.find((call) => call.path.endsWith('/update_application'));
    expect(update?.body).toMatchObject({
      cwl_identifier: 'water-bodies',
      keywords: ['water', 'ndwi', 'flood', 'lakes'],
      license_url: 'https://spdx.org/licenses/MIT.html',
      inputs: ['stac_items::Sentinel-2 STAC items::the scenes::', 'epsg::EPSG code::target projection::EPSG:4326'],
    });
    expect(await screen.findByText('lakes')).toBeInTheDocument();
  });

  it('Discard restores the previous values', async () => {
    const calls = renderPage(application());
    await userEvent.click(await screen.findByRole('tab', { name: 'Properties' }));
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const name = screen.getByRole('textbox', { name: 'Author name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Somebody else');
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.getByText('Jane Doe')).toBeInTheDocument();
    expect(screen.queryByText('Somebody else')).not.toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/update_application'))).toBe(false);
  });

  it('Publish to Marketplace moves the application to {owner}:published', async () => {
    const calls = renderPage(application(), { onUpdate: () => application({ collection: 'alice:published', publication: 'published' }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Publish to Marketplace' }));
    await vi.waitFor(() =>
      expect(calls.find((call) => call.path.endsWith('/update_application'))?.body).toEqual({ cwl_identifier: 'water-bodies', collection: 'alice:published' }),
    );
  });
});
