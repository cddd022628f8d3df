import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ConfirmTwiceButton } from './ConfirmTwiceButton';

const PROMPT = 'Click again to create a new unreleased version';

function renderButton(onConfirm = vi.fn(() => Promise.resolve())) {
  renderWithProviders(
    <ConfirmTwiceButton prompt={PROMPT} onConfirm={onConfirm}>
      New version
    </ConfirmTwiceButton>,
  );
  return onConfirm;
}

describe('ConfirmTwiceButton', () => {
  it('asks on the first click and acts on the second', async () => {
    const user = userEvent.setup();
    const onConfirm = renderButton();
    expect(screen.queryByText(PROMPT)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New version' }));
    expect(screen.getByText(PROMPT)).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'New version' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(PROMPT)).not.toBeInTheDocument();
  });

  it('forgets the first click on Cancel', async () => {
    const user = userEvent.setup();
    const onConfirm = renderButton();
    await user.click(screen.getByRole('button', { name: 'New version' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText(PROMPT)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New version' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByText(PROMPT)).toBeInTheDocument();
  });

  it('is busy while the action runs, then asks afresh', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderButton(onConfirm);
    const button = screen.getByRole('button', { name: 'New version' });
    await user.click(button);
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('data-loading', 'true'));
    finish();
    await waitFor(() => expect(button).not.toHaveAttribute('data-loading'));
    await user.click(button);
    expect(screen.getByText(PROMPT)).toBeInTheDocument();
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
