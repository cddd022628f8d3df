import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { DockerfileTab } from './DockerfileTab';

afterEach(() => vi.unstubAllGlobals());

describe('DockerfileTab', () => {
  it('shows the Dockerfile the server answers as text/plain', async () => {
    const fetch = vi.fn(() =>
      Promise.resolve(new Response('FROM python:3.12-slim\nRUN pip install numpy\n', { headers: { 'Content-Type': 'text/plain; charset=utf-8' } })),
    );
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<DockerfileTab bucketId="3" />);
    expect(await screen.findByLabelText('Dockerfile')).toHaveTextContent('FROM python:3.12-slim RUN pip install numpy');
    expect(String(fetch.mock.calls[0]?.at(0))).toBe('/procimp/process/buckets/3/dockerfile');
  });
});
