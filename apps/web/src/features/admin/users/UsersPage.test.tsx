import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../../test/fake-fetch';
import { renderWithProviders, testUser } from '../../../test/render-with-providers';
import { UsersPage } from './UsersPage';

afterEach(() => vi.unstubAllGlobals());

const bob = testUser({ username: 'bob', first_name: 'Bob', groups: { sentinel: ['user', 'developer'] } });
const page = { data: [{ type: 'users', id: 'bob', attributes: bob }], meta: { pagination: { page: 1, pages: 1, count: 1 } } };

describe('UsersPage', () => {
  it('lists users with their workspace role badges and an Edit action', async () => {
    fakeFetch((request) => (request.path === '/usermgr/v1/users/' ? { body: page } : undefined));
    renderWithProviders(<UsersPage />);
    const row = (await screen.findByRole('link', { name: 'bob' })).closest('tr')!;
    expect(within(row).getByText('sentinel')).toBeInTheDocument();
    expect(within(row).getByText('developer')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Edit bob' })).toHaveAttribute('href', '/admin/users/bob');
  });

  it('offers staff who are not superusers to view a superuser, not to edit them', async () => {
    const root = testUser({ username: 'root', is_staff: true, is_superuser: true });
    const rows = { ...page, data: [...page.data, { type: 'users', id: 'root', attributes: root }] };
    fakeFetch((request) => (request.path === '/usermgr/v1/users/' ? { body: rows } : undefined));
    renderWithProviders(<UsersPage />, { user: testUser({ username: 'staff', is_staff: true }) });
    const rootRow = (await screen.findByRole('link', { name: 'root' })).closest('tr')!;
    expect(within(rootRow).getByRole('link', { name: 'View root' })).toHaveAttribute('href', '/admin/users/root');
    expect(within(rootRow).queryByRole('link', { name: 'Edit root' })).not.toBeInTheDocument();
    const bobRow = screen.getByRole('link', { name: 'bob' }).closest('tr')!;
    expect(within(bobRow).getByRole('link', { name: 'Edit bob' })).toBeInTheDocument();
  });

  it('shows a 400 under Username, then the generated password once created', async () => {
    const user = userEvent.setup();
    const { calls } = fakeFetch((request) => {
      if (request.method === 'GET') return { body: page };
      const { username } = request.body as { username: string };
      if (username === 'bob') return { status: 400, body: { username: ['A user with that username already exists.'] } };
      return { status: 201, body: { ...testUser({ username }), password: 's3cret-Generated' } };
    });
    renderWithProviders(<UsersPage />);
    await user.click(screen.getByRole('button', { name: 'New user' }));
    const dialog = screen.getByRole('dialog', { name: 'New user' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'bob');
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(await within(dialog).findByText('A user with that username already exists.')).toBeInTheDocument();

    await user.clear(within(dialog).getByRole('textbox', { name: 'Username' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'carol');
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(await within(dialog).findByText('s3cret-Generated')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ username: 'bob' }, { username: 'carol' }]);
  });
});
