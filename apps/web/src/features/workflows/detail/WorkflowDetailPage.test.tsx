import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext } from '../../../app/auth/auth-context';
import { fakeAuth } from '../../../test/fake-auth';
import { fakeFetch } from '../../../test/fake-fetch';
import { testUser } from '../../../test/render-with-providers';
import { lastSegment, type CatalogueItem } from './catalogue-item';
import { thumbnailOf } from '../../../ui/stac/stac-item';
import { WorkflowDetailPage } from './WorkflowDetailPage';

afterEach(() => vi.unstubAllGlobals());

function item(overrides: Partial<CatalogueItem> = {}): CatalogueItem {
  return {
    id: 'asb:workflows:7',
    type: 'Feature',
    stac_version: '1.0.0',
    stac_extensions: [],
    geometry: null,
    properties: { datetime: '2024-01-01T08:00:00Z', title: 'NDVI chain', description: 'Computes NDVI.', created: '2024-01-02T10:00:00Z', version: 2 },
    links: [{ rel: 'self', href: 'http://portal/knowledge/v1/workflows/7/catalogue-item', type: 'application/json', title: 'This item' }],
    assets: {},
    ...overrides,
  };
}

function renderPage(body: unknown, isSignedIn: boolean, status = 200) {
  fakeFetch((request) => (request.path === '/knowledge/v1/workflows/7/catalogue-item' ? { status, body } : undefined));
  const auth = isSignedIn ? fakeAuth({ status: 'authenticated', user: testUser() }) : fakeAuth();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <AuthContext.Provider value={auth}>
          <MemoryRouter initialEntries={['/workflows/7/detail/asb:workflows:7']}>
            <Routes>
              <Route path="/workflows/:id/detail/:workflowId" element={<WorkflowDetailPage />} />
            </Routes>
          </MemoryRouter>
        </AuthContext.Provider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('WorkflowDetailPage', () => {
  it('shows Properties, Geometry, Links and Raw JSON; Assets and Extensions only when non-empty; no Execute signed out', async () => {
    renderPage(item(), false);
    expect(await screen.findByRole('heading', { name: 'NDVI chain' })).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Properties', 'Geometry', 'Links', 'Raw JSON']);
    expect(screen.getByText('2024-01-02 10:00')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Execute' })).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('adds Assets and Extensions, the http thumbnail and Execute for a signed-in user', async () => {
    const user = userEvent.setup();
    renderPage(
      item({
        stac_extensions: ['https://stac-extensions.github.io/processing/v1.1.0/schema.json'],
        assets: { thumbnail: { href: 'https://example.org/t.png', title: 'Thumbnail', type: 'image/png', roles: ['thumbnail'] } },
      }),
      true,
    );
    expect(await screen.findByRole('link', { name: 'Execute' })).toHaveAttribute('href', '/workflows/7/execute');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Properties', 'Geometry', 'Links', 'Assets', 'Extensions', 'Raw JSON']);
    // through the portal, never from the publisher's address (docs/security.md "Thumbnails")
    expect(screen.getByRole('img', { name: 'Thumbnail' })).toHaveAttribute('src', '/api/thumbnail?url=https%3A%2F%2Fexample.org%2Ft.png');
    await user.click(screen.getByRole('tab', { name: 'Raw JSON' }));
    expect(screen.getByLabelText('Item JSON')).toHaveTextContent('"id": "asb:workflows:7"');
  });

  it('says when the item cannot be fetched', async () => {
    renderPage({ errors: [{ status: '404', detail: 'Not found.' }] }, false, 404);
    expect(await screen.findByText('Something went wrong while fetching workflow #7')).toBeInTheDocument();
  });
});

describe('catalogue item helpers', () => {
  it('takes the last segment of the item id', () => {
    expect(lastSegment('asb:workflows:12')).toBe('12');
    expect(lastSegment('12')).toBe('12');
  });

  it('uses a thumbnail only when its href begins with http', () => {
    expect(thumbnailOf(item({ assets: { thumbnail: { href: 'data:image/png;base64,xx', roles: ['thumbnail'] } } }))).toBeUndefined();
    expect(thumbnailOf(item({ assets: { logo: { href: 'http://x/y.png', roles: ['thumbnail'] } } }))?.href).toBe('http://x/y.png');
  });
});
