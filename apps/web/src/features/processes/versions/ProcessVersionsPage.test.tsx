import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../../test/fake-fetch';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ProcessBucketsPage } from './ProcessBucketsPage';
import { ProcessVersionsPage } from './ProcessVersionsPage';

afterEach(() => vi.unstubAllGlobals());

const EMPTY = { data: [], meta: { pagination: { page: 1, pages: 1, count: 0 } } };

describe('version lists', () => {
  it('read ?f= into the filter box of the released versions', async () => {
    const { calls } = fakeFetch(() => ({ body: EMPTY }));
    renderWithProviders(<ProcessVersionsPage />, { path: '/process-versions?f=process__identifier:ndvi' });
    expect(screen.getByRole('heading', { name: 'Released process versions' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search process versions' })).toHaveValue('process__identifier:ndvi isArchived:false');
    await waitFor(() => expect(calls[0]?.query.get('filter[process__identifier]')).toBe('ndvi'));
    expect(calls[0]!.path).toBe('/knowledge/v1/process-versions');
  });

  it('list only unreleased buckets, filtered by ?f=', async () => {
    const { calls } = fakeFetch(() => ({ body: EMPTY }));
    renderWithProviders(<ProcessBucketsPage />, { path: '/process-buckets?f=process__identifier:ndvi' });
    expect(screen.getByRole('heading', { name: 'Unreleased process versions' })).toBeInTheDocument();
    await waitFor(() => expect(calls[0]?.path).toBe('/knowledge/v1/process-buckets'));
    expect(calls[0]!.query.get('filter[released]')).toBe('false');
    expect(calls[0]!.query.get('filter[process__identifier]')).toBe('ndvi');
    expect(await screen.findByText('No unreleased versions found')).toBeInTheDocument();
  });
});
