import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import type { InstanceDetails, User } from '@asb/contracts';
import { AuthContext, type AuthState } from '../app/auth/auth-context';
import { fakeAuth, testInstance } from './fake-auth';

export function testUser(overrides: Partial<User> = {}): User {
  return {
    username: 'alice',
    first_name: 'Alice',
    last_name: 'Liddell',
    email: 'alice@example.org',
    full_name: 'Alice Liddell',
    date_joined: '2024-01-02T03:04:05Z',
    last_login: null,
    is_active: true,
    is_staff: false,
    is_superuser: false,
    is_system: false,
    groups: {},
    ...overrides,
  };
}

function signedIn(user: User, instance: InstanceDetails): AuthState {
  return fakeAuth({ status: 'authenticated', user, instance, isStaff: user.is_staff, isSuperuser: user.is_superuser, hasFeature: () => true });
}

/** Mantine without transitions or portals, a fresh query client, a router and a signed-in user. */
export function renderWithProviders(
  ui: ReactElement,
  { user = testUser(), path = '/', instance = testInstance() }: { user?: User; path?: string; instance?: InstanceDetails } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <AuthContext.Provider value={signedIn(user, instance)}>
          <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
        </AuthContext.Provider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
