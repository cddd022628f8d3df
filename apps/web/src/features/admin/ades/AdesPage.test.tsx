import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../../test/fake-fetch';
import { renderWithProviders, testUser } from '../../../test/render-with-providers';
import { AdesPage } from './AdesPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const CORE = 'http://www.opengis.net/spec/ogcapi-processes-1/1.0/conf/core';
const remote = {
  identifier: 'remote',
  title: 'Remote Processing',
  url: 'https://ades.example.org/ogcapi/',
  abstract: 'an ADES',
  checkedAt: '2026-01-02T03:04:00Z',
  reachable: true,
  conformsTo: [CORE],
  hasToken: true,
  problem: null,
};
const staff = { user: testUser({ username: 'admin', is_staff: true, is_superuser: true }) };

describe('AdesPage', () => {
  it('lists the instances with their state; a registration with a token is sent and the list read again', async () => {
    const user = userEvent.setup();
    let registered = false;
    const { calls } = fakeFetch((request) => {
      if (request.path === '/backend/v1/available-ades') return { body: { data: registered ? [remote] : [] } };
      if (request.path === '/backend/v1/available-ades/register') {
        registered = true;
        return { status: 201, body: { data: remote } };
      }
      return undefined;
    });
    renderWithProviders(<AdesPage />, staff);
    expect(await screen.findByText('No ADES instance is registered.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /ADES URL/ }), ' https://ades.example.org/ogcapi/ ');
    await user.type(screen.getByLabelText(/Token/), 'tok');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const row = (await screen.findByText('Remote Processing')).closest('tr')!;
    expect(within(row).getByText('Reachable')).toBeInTheDocument();
    expect(within(row).getByText('OGC API – Processes')).toBeInTheDocument();
    expect(within(row).getByText(/token stored/)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ ades_url: 'https://ades.example.org/ogcapi/', token: 'tok' });
  });

  it('keeps Register disabled while the URL is blank and sends nothing', async () => {
    const user = userEvent.setup();
    const { calls } = fakeFetch(() => ({ body: { data: [] } }));
    renderWithProviders(<AdesPage />, staff);
    expect(await screen.findByRole('button', { name: 'Register' })).toBeDisabled();
    const field = screen.getByRole('textbox', { name: /ADES URL/ });
    await user.type(field, '   {Enter}');
    expect(screen.getByRole('button', { name: 'Register' })).toBeDisabled();
    await user.type(field, 'https://ades.example.org/');
    expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('shows the reason of a refused URL as the error handler does', async () => {
    const user = userEvent.setup();
    const show = vi.spyOn(notifications, 'show');
    fakeFetch((request) =>
      request.method === 'POST' ? { status: 400, body: { detail: 'Not JSON: the landing page answered text/html' } } : { body: { data: [] } },
    );
    renderWithProviders(<AdesPage />, staff);
    await user.type(await screen.findByRole('textbox', { name: /ADES URL/ }), 'https://portal.example.org/asb/');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Backend: Warning', message: 'Not JSON: the landing page answered text/html' })),
    );
    // the URL stays, to be corrected
    expect(screen.getByRole('textbox', { name: /ADES URL/ })).toHaveValue('https://portal.example.org/asb/');
  });

  it('refreshes one, and deletes one after the confirmation', async () => {
    const user = userEvent.setup();
    let instances = [{ ...remote, reachable: false, problem: 'Unreachable: could not fetch https://ades.example.org/ogcapi/' }];
    const { calls } = fakeFetch((request) => {
      if (request.path.endsWith('/refresh')) return { body: { data: remote } };
      if (request.path.endsWith('/unregister')) {
        instances = [];
        return { body: { message: 'gone' } };
      }
      return { body: { data: instances } };
    });
    renderWithProviders(<AdesPage />, staff);
    expect(await screen.findByText(/^Unreachable: could not fetch/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refresh remote' }));
    await user.click(screen.getByRole('button', { name: 'Delete remote' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete ADES instance' });
    await user.type(within(dialog).getByRole('textbox'), 'remote');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No ADES instance is registered.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body])).toEqual([
      ['/backend/v1/available-ades/refresh', { ades_id: 'remote' }],
      ['/backend/v1/available-ades/unregister', { ades_id: 'remote' }],
    ]);
  });
});
