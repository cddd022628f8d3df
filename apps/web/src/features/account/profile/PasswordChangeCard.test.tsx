import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext } from '../../../app/auth/auth-context';
import { fakeAuth } from '../../../test/fake-auth';
import { fakeFetch } from '../../../test/fake-fetch';
import { PasswordChangeCard } from './PasswordChangeCard';

function renderCard() {
  const auth = fakeAuth({ status: 'authenticated' });
  render(
    <MantineProvider env="test">
      <AuthContext.Provider value={auth}>
        <PasswordChangeCard />
      </AuthContext.Provider>
    </MantineProvider>,
  );
  return auth;
}

async function fill(current: string, next: string, confirmation = next) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Current password'), current);
  await user.type(screen.getByLabelText('New password'), next);
  await user.type(screen.getByLabelText('Confirm new password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('PasswordChangeCard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('checks length and confirmation before calling the server', async () => {
    const { calls } = fakeFetch(() => undefined);
    renderCard();
    await fill('old-password', 'short', 'other');
    expect(screen.getByText('The password must contain at least 8 characters.')).toBeInTheDocument();
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows server field errors under their fields, non-field errors under the new password', async () => {
    fakeFetch(() => ({
      status: 400,
      body: {
        current_password: ['Your current password was entered incorrectly. Please enter it again.'],
        non_field_errors: ['The new password must be different from the current password.'],
      },
    }));
    renderCard();
    await fill('wrong-password', 'new-password-1');
    expect(await screen.findByText('Your current password was entered incorrectly. Please enter it again.')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription('The new password must be different from the current password.');
  });

  it('sends the change and confirms it (the server renews the session cookie)', async () => {
    const show = vi.spyOn(notifications, 'show');
    const { calls } = fakeFetch(() => ({ body: { detail: 'Password updated successfully', token: 'fresh-token' } }));
    renderCard();
    await fill('old-password', 'new-password-1');
    await waitFor(() => expect(show).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({
      method: 'PATCH',
      path: '/usermgr/v1/change_password/',
      body: { current_password: 'old-password', new_password: 'new-password-1', confirm_new_password: 'new-password-1' },
    });
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Password updated successfully', autoClose: 3000 }));
  });
});
