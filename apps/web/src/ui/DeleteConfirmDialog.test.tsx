import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render-with-providers';
import { DeleteConfirmDialog, isDeleteConfirmed } from './DeleteConfirmDialog';

describe('isDeleteConfirmed', () => {
  it('needs the exact identifier, ignoring surrounding spaces', () => {
    expect(isDeleteConfirmed('  my-ws ', 'my-ws')).toBe(true);
    expect(isDeleteConfirmed('my-w', 'my-ws')).toBe(false);
    expect(isDeleteConfirmed('MY-WS', 'my-ws')).toBe(false);
    expect(isDeleteConfirmed('my ws', 'my-ws')).toBe(false);
  });
});

describe('DeleteConfirmDialog', () => {
  it('enables Delete only once the identifier is typed', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderWithProviders(<DeleteConfirmDialog isOpened name="workspace" identifier="my-ws" onConfirm={onConfirm} onClose={() => undefined} />);
    const deleteButton = screen.getByRole('button', { name: 'Delete' });
    const input = screen.getByRole('textbox', { name: /type my-ws to confirm/i });
    expect(deleteButton).toBeDisabled();

    await user.type(input, 'my-w');
    expect(deleteButton).toBeDisabled();

    await user.type(input, 's ');
    expect(deleteButton).toBeEnabled();
    await user.click(deleteButton);
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});
