import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { User } from '@asb/contracts';
import { AuthContext, type AuthState } from '../../auth/auth-context';
import { fakeAuth, testInstance } from '../../../test/fake-auth';
import { AccountControl } from './AccountControl';

function renderControl(auth: AuthState, path = '/marketplace') {
  render(
    <MantineProvider env="test">
      <AuthContext.Provider value={auth}>
        <MemoryRouter initialEntries={[path]}>
          <AccountControl />
        </MemoryRouter>
      </AuthContext.Provider>
    </MantineProvider>,
  );
}

const alice = { username: 'alice', full_name: 'Alice Liddell', groups: {} } as unknown as User;

describe('AccountControl', () => {
  it('waits for the authentication service while the session loads', () => {
    renderControl(fakeAuth({ status: 'loading' }));
    expect(screen.getByText('Waiting for the authentication service...')).toBeInTheDocument();
  });

  it("is 'Login disabled' when the authentication state is undefined", () => {
    renderControl(fakeAuth({ status: 'undefined' }));
    expect(screen.getByRole('button', { name: 'Login disabled' })).toBeDisabled();
  });

  it('links to the login page with the current page as next when there is no identity provider', () => {
    renderControl(fakeAuth());
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?next=%2Fasb%2Fmarketplace');
  });

  it('offers the identity provider or a local account in a modal', async () => {
    renderControl(fakeAuth({ instance: testInstance({ oidcProviderName: 'Acme ID' }) }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in with Acme ID' })).toHaveAttribute('href', '/oidc/login?next=%2Fasb%2Fmarketplace');
    expect(screen.getByRole('link', { name: 'Log in with a local account' })).toHaveAttribute('href', '/login?next=%2Fasb%2Fmarketplace');
  });

  it('shows the user menu with a warning while datastore credentials are unchanged', () => {
    renderControl(fakeAuth({ status: 'authenticated', user: alice, datastoreChanged: false }));
    const button = screen.getByRole('button', { name: /alice/ });
    expect(button).toHaveAccessibleName(/Action in your account is required/);
  });

  it('shows Administration to staff only', async () => {
    renderControl(fakeAuth({ status: 'authenticated', user: alice, isStaff: false }));
    await userEvent.setup().click(screen.getByRole('button', { name: /alice/ }));
    expect(await screen.findByRole('menuitem', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Administration' })).not.toBeInTheDocument();
  });
});
