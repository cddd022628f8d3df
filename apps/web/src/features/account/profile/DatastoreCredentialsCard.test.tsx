import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext } from '../../../app/auth/auth-context';
import { fakeAuth } from '../../../test/fake-auth';
import { fakeFetch } from '../../../test/fake-fetch';
import { DatastoreCredentialsCard } from './DatastoreCredentialsCard';

function renderCard() {
  const auth = fakeAuth({ status: 'authenticated', datastoreChanged: false });
  render(
    <MantineProvider env="test">
      <AuthContext.Provider value={auth}>
        <DatastoreCredentialsCard />
      </AuthContext.Provider>
    </MantineProvider>,
  );
  return auth;
}

async function request(password = 'account-password') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Account password'), password);
  await user.click(screen.getByRole('button', { name: 'Generate new credentials' }));
}

describe('DatastoreCredentialsCard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the new secret once and refreshes the account state', async () => {
    const { calls } = fakeFetch(() => ({ body: { datastore_secret: 's3cr3t-value' } }));
    const auth = renderCard();
    await request();
    expect(await screen.findByText('s3cr3t-value')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/usermgr/v1/datastore_credentials/', body: { password: 'account-password' } });
    expect(auth.refreshUser).toHaveBeenCalled();
  });

  it('puts a 400 on the password field and shows a message in an alert', async () => {
    fakeFetch(() => ({ status: 400, body: { password: ['Your password was entered incorrectly.'], message: 'Credentials were not changed.' } }));
    renderCard();
    await request('wrong');
    expect(await screen.findByText('Your password was entered incorrectly.')).toBeInTheDocument();
    expect(screen.getByText('Credentials were not changed.')).toBeInTheDocument();
  });

  it("reports any other failure as 'Failed to fetch credentials'", async () => {
    const show = vi.spyOn(notifications, 'show');
    fakeFetch(() => ({ status: 500 }));
    renderCard();
    await request();
    await waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Failed to fetch credentials', color: 'red' })));
  });
});
