import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../../test/fake-fetch';
import { renderWithProviders, testUser } from '../../../test/render-with-providers';
import { UserEditPage } from './UserEditPage';

afterEach(() => vi.unstubAllGlobals());

const groups = [
  { id: '1', name: 'sentinel', workspace_identifier: 'sentinel', label: 'Sentinel' },
  { id: '2', name: 'landsat', workspace_identifier: 'landsat', label: 'Landsat' },
];

const noTerms = { data: [] };

function renderPage(username: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/admin/users/:username" element={<UserEditPage />} />
    </Routes>,
    { path: `/admin/users/${username}` },
  );
}

describe('UserEditPage', () => {
  it('lists the licences the user accepted and declines one (spec 2 Edit user)', async () => {
    const user = userEvent.setup();
    const bob = testUser({ username: 'bob' });
    let accepted = [
      { terms_and_conditions_id: 'https://example.org/licence-a', accepted_at: '2024-05-06T07:08:00Z' },
      { terms_and_conditions_id: 'https://example.org/licence-b', accepted_at: '2024-05-07T07:08:00Z' },
    ];
    const { calls } = fakeFetch((request) => {
      if (request.path === '/usermgr/v1/groups/') return { body: groups };
      if (request.path === '/usermgr/v1/users/bob/terms-and-conditions/revoke/') {
        const { terms_and_conditions_id } = request.body as { terms_and_conditions_id: string };
        accepted = accepted.filter((row) => row.terms_and_conditions_id !== terms_and_conditions_id);
        return { body: { data: accepted } };
      }
      if (request.path === '/usermgr/v1/users/bob/terms-and-conditions/') return { body: { data: accepted } };
      return { body: bob };
    });
    renderPage('bob');
    expect(await screen.findByRole('link', { name: 'https://example.org/licence-a' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Decline https://example.org/licence-a' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'https://example.org/licence-a' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'https://example.org/licence-b' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ terms_and_conditions_id: 'https://example.org/licence-a' });
  });

  it("says 'User {username} not found' for an unknown user", async () => {
    fakeFetch((request) => (request.path === '/usermgr/v1/groups/' ? { body: groups } : { status: 404, body: { detail: 'User ghost not found' } }));
    renderPage('ghost');
    expect(await screen.findByText('User ghost not found')).toBeInTheDocument();
  });

  it('saves flags and a developer role in a workspace', async () => {
    const user = userEvent.setup();
    const bob = testUser({ username: 'bob', groups: { sentinel: ['user'] } });
    const { calls } = fakeFetch((request) => {
      if (request.path === '/usermgr/v1/groups/') return { body: groups };
      if (request.path.endsWith('/terms-and-conditions/')) return { body: noTerms };
      if (request.method === 'PUT') return { body: { ...bob, ...(request.body as object) } };
      return { body: bob };
    });
    renderPage('bob');
    expect(await screen.findByRole('checkbox', { name: 'sentinel user' })).toBeChecked();
    expect(screen.getByText('Unselect this instead of deleting accounts')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Advanced administration' })).toHaveAttribute('href', '/usermgr/admin/auth/user/?q=bob');

    await user.click(screen.getByRole('checkbox', { name: 'landsat developer' }));
    await user.click(screen.getByRole('switch', { name: /^Admin/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const put = await waitFor(() => {
      const found = calls.find((c) => c.method === 'PUT');
      if (!found) throw new Error('no PUT yet');
      return found;
    });
    expect(put.path).toBe('/usermgr/v1/users/bob/');
    expect(put.body).toMatchObject({ is_staff: true, groups: { sentinel: ['user'], landsat: ['developer'] } });
  });

  it('shows a superuser read-only to staff who are not superusers, and says why', async () => {
    const root = testUser({ username: 'root', is_staff: true, is_superuser: true });
    const { calls } = fakeFetch((request) =>
      request.path === '/usermgr/v1/groups/' ? { body: groups } : request.path.endsWith('/terms-and-conditions/') ? { body: noTerms } : { body: root },
    );
    renderWithProviders(
      <Routes>
        <Route path="/admin/users/:username" element={<UserEditPage />} />
      </Routes>,
      { path: '/admin/users/root', user: testUser({ username: 'staff', is_staff: true }) },
    );
    expect(await screen.findByText("root is a superuser: only a superuser can change a superuser's account.")).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: /^Active/ })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'sentinel user' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });
});
