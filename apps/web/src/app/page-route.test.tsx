import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuth } from '../test/fake-auth';
import { AuthContext, type AuthState } from './auth/auth-context';
import { pageRoute } from './page-route';

function ProfilePage() {
  return <p>profile content</p>;
}

function renderDeepLink(auth: AuthState) {
  const load = vi.fn(() => Promise.resolve({ ProfilePage }));
  const router = createMemoryRouter([pageRoute('profile', load, 'ProfilePage'), { path: '/login', element: <p>sign-in form</p> }], {
    initialEntries: ['/profile'],
  });
  render(
    <MantineProvider env="test">
      <AuthContext.Provider value={auth}>
        <RouterProvider router={router} />
      </AuthContext.Provider>
    </MantineProvider>,
  );
  return load;
}

describe('a guarded page route', () => {
  it("sends a signed-out visitor to the sign-in form without downloading the page's module", async () => {
    const load = renderDeepLink(fakeAuth({ status: 'anonymous' }));
    expect(await screen.findByText('sign-in form')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it('loads the page for a signed-in user', async () => {
    const load = renderDeepLink(fakeAuth({ status: 'authenticated' }));
    expect(await screen.findByText('profile content')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
