import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { fakeAuth } from '../../test/fake-auth';
import { AuthContext, type AuthState } from './auth-context';
import { RequireAuth } from './RequireAuth';

function LoginProbe() {
  const location = useLocation();
  return <p>login page {location.search}</p>;
}

function renderGuarded(auth: AuthState, path = '/profile?tab=password') {
  const router = createMemoryRouter(
    [
      {
        path: '/profile',
        element: (
          <RequireAuth title="Profile">
            <p>profile content</p>
          </RequireAuth>
        ),
      },
      { path: '/login', element: <LoginProbe /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <MantineProvider env="test">
      <AuthContext.Provider value={auth}>
        <RouterProvider router={router} />
      </AuthContext.Provider>
    </MantineProvider>,
  );
  return router;
}

describe('RequireAuth', () => {
  afterEach(() => vi.restoreAllMocks());

  it('warns and sends an anonymous visitor to the login page with the wanted path as next', async () => {
    const show = vi.spyOn(notifications, 'show');
    const router = renderGuarded(fakeAuth({ status: 'anonymous' }));
    expect(await screen.findByText(/login page/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/asb/profile?tab=password');
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'You are being redirected to the login page to access Profile page', color: 'yellow' }),
    );
    expect(screen.queryByText('profile content')).not.toBeInTheDocument();
  });

  it('waits for the session while it loads', () => {
    const router = renderGuarded(fakeAuth({ status: 'loading' }));
    expect(screen.getByText('Waiting for the authentication service...')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('shows the page to a signed-in user', () => {
    renderGuarded(fakeAuth({ status: 'authenticated' }));
    expect(screen.getByText('profile content')).toBeInTheDocument();
  });

  it('explains that sign-in is impossible when the authentication state is undefined', () => {
    renderGuarded(fakeAuth({ status: 'undefined', instance: null }));
    expect(screen.getByText('Login disabled')).toBeInTheDocument();
    expect(screen.queryByText('profile content')).not.toBeInTheDocument();
  });
});
