import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AuthContext, type AuthState } from '../../app/auth/auth-context';
import { fakeAuth } from '../../test/fake-auth';
import { IndexPage } from './IndexPage';

function renderIndex(auth: AuthState) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <IndexPage /> },
      { path: '/home', element: <p>signed-in home</p> },
    ],
    { initialEntries: ['/'] },
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

describe('IndexPage', () => {
  it('shows the themed landing page to anonymous visitors', () => {
    renderIndex(fakeAuth({ hasFeature: (feature) => feature === 'homepage-aiopen' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Artificial intelligence for Earth observation, ready to use' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore the Marketplace' })).toHaveAttribute('href', '/marketplace');
  });

  it('sends a signed-in user on to /home', async () => {
    const router = renderIndex(fakeAuth({ status: 'authenticated' }));
    expect(await screen.findByText('signed-in home')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });
});
