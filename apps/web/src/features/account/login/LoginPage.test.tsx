import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../app/api/http';
import { AuthContext, type AuthState } from '../../../app/auth/auth-context';
import { fakeAuth } from '../../../test/fake-auth';
import { LoginPage } from './LoginPage';

const { handleError } = vi.hoisted(() => ({ handleError: vi.fn() }));
vi.mock('../../../app/api/error-handler', () => ({ handleError }));

/** A session whose login either fails with `failure` or signs in. */
function SessionWith({ failure, children }: { failure?: unknown; children: React.ReactNode }) {
  const [status, setStatus] = useState<AuthState['status']>('anonymous');
  const login = () => {
    if (failure) return Promise.reject(failure);
    setStatus('authenticated');
    return Promise.resolve();
  };
  return <AuthContext.Provider value={fakeAuth({ status, login })}>{children}</AuthContext.Provider>;
}

function renderLogin(failure?: unknown, path = '/login?next=%2Fasb%2Fprofile') {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/profile', element: <p>profile page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <MantineProvider env="test">
      <SessionWith failure={failure}>
        <RouterProvider router={router} />
      </SessionWith>
    </MantineProvider>,
  );
  return router;
}

async function submit(username = 'alice', password = 'secret-password') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/Username/), username);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginPage', () => {
  afterEach(() => handleError.mockReset());

  it('shows the server message inline when the credentials are wrong', async () => {
    renderLogin(new ApiError(400, 'Bad Request', { non_field_errors: ['Unable to log in with provided credentials.'] }));
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to log in with provided credentials.');
    expect(handleError).not.toHaveBeenCalled();
  });

  it('shows the throttling message of a 429 inline', async () => {
    renderLogin(new ApiError(429, 'Too Many Requests', { detail: 'Too many failed sign-in attempts. Try again in 30 seconds.' }));
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many failed sign-in attempts. Try again in 30 seconds.');
  });

  it.each([
    ['no response', new ApiError(0, 'Network Error', undefined)],
    ['a server error', new ApiError(503, 'Service Unavailable', undefined)],
  ])('hands %s to the central error handler', async (_case, failure) => {
    renderLogin(failure);
    await submit();
    await waitFor(() => expect(handleError).toHaveBeenCalledWith(failure));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('goes on to next after signing in', async () => {
    const router = renderLogin();
    await submit();
    expect(await screen.findByText('profile page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('asks for both fields before calling the server', async () => {
    renderLogin();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Enter your username')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
  });
});
