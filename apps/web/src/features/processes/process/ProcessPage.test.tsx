import type { ProcessAttributes } from '@asb/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../../test/fake-fetch';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ProcessPage } from './ProcessPage';

afterEach(() => vi.unstubAllGlobals());

const EMPTY = { data: [], meta: { pagination: { page: 1, pages: 1, count: 0 } } };

function process(overrides: Partial<ProcessAttributes> = {}) {
  return {
    type: 'processes',
    id: '7',
    attributes: {
      identifier: 'ndvi',
      label: 'NDVI',
      slug: 'ndvi',
      ownerId: 'alice',
      isArchived: false,
      createdAt: '2024-01-01T00:00:00Z',
      updatedAt: '2024-01-01T00:00:00Z',
      workspaces: { 1: 'team' },
      permissions: { change: true, delete: true, share: true },
      description: '',
      type: 'wps',
      ...overrides,
    },
    relationships: { workspaces: { data: [] } },
  };
}

function renderPage(answer: { status?: number; body?: unknown }) {
  const { calls } = fakeFetch((request) => {
    if (request.path === '/knowledge/v1/processes/7') return answer;
    if (request.path === '/knowledge/v1/process-versions' || request.path === '/knowledge/v1/process-buckets') {
      return request.method === 'POST' ? { status: 201, body: { data: { id: '12', attributes: {} } } } : { body: EMPTY };
    }
    return undefined;
  });
  renderWithProviders(
    <Routes>
      <Route path="/processes/:id" element={<ProcessPage />} />
    </Routes>,
    { path: '/processes/7' },
  );
  return calls;
}

describe('ProcessPage', () => {
  it("titles the page 'owner / label' with the identifier, badges and 'No description'", async () => {
    renderPage({ body: { data: process() } });
    expect(await screen.findByRole('heading', { name: 'alice / NDVI' })).toBeInTheDocument();
    expect(screen.getByText('ndvi')).toBeInTheDocument();
    expect(screen.getByText('team')).toBeInTheDocument();
    expect(screen.getByText('No description')).toBeInTheDocument();
    expect(await screen.findByText('No versions yet')).toBeInTheDocument();
  });

  it('links to the version lists filtered on the process', async () => {
    renderPage({ body: { data: process() } });
    expect(await screen.findByRole('link', { name: 'All released versions' })).toHaveAttribute('href', '/process-versions?f=process__identifier%3Andvi');
    expect(screen.getByRole('link', { name: 'All unreleased versions' })).toHaveAttribute('href', '/process-buckets?f=process__identifier%3Andvi');
  });

  it('creates an unreleased version on the second click of New version', async () => {
    const user = userEvent.setup();
    const calls = renderPage({ body: { data: process() } });
    await user.click(await screen.findByRole('button', { name: 'New version' }));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'New version' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        data: { type: 'process-buckets', relationships: { process: { data: { type: 'processes', id: '7' } } } },
      }),
    );
    // the button stays busy a moment (spec 2 §9) and is ready again: its timer must not outlive the test
    await waitFor(() => expect(screen.queryByRole('button', { name: 'New version' })?.hasAttribute('data-loading') ?? false).toBe(false));
  });

  it('is read-only when archived: banner, no sharing, no new version', async () => {
    renderPage({ body: { data: process({ isArchived: true }) } });
    expect(await screen.findByText('Archived process! Existing versions are read-only and modifications are disabled')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'New version' })).not.toBeInTheDocument();
  });

  it('offers neither sharing nor new versions to a user who may only view', async () => {
    renderPage({ body: { data: process({ permissions: { change: false, delete: false, share: false } }) } });
    expect(await screen.findByRole('heading', { name: 'alice / NDVI' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New version' })).not.toBeInTheDocument();
  });

  it("says 'Something went wrong while fetching process #{id}' when the fetch fails", async () => {
    renderPage({ status: 500, body: { detail: 'boom' } });
    expect(await screen.findByText('Something went wrong while fetching process #7')).toBeInTheDocument();
  });
});
