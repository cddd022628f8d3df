import type { BaseAttributes } from '@asb/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../app/api/http';
import { renderWithProviders } from '../../test/render-with-providers';
import { CreateResourceModal } from './CreateResourceModal';
import { NAME_AND_SLUG_FIELDS } from './presets';
import { fakeSource } from './test-source';
import type { ListSource } from './types';

function renderModal(source: ListSource<BaseAttributes>) {
  const config = { buttonLabel: 'New workflow', fields: NAME_AND_SLUG_FIELDS, pathOf: (item: { id: string }) => `/workflows/${item.id}` };
  return renderWithProviders(
    <Routes>
      <Route
        path="/"
        element={<CreateResourceModal isOpened config={config} noun={{ name: 'Workflow', plural: 'workflows' }} source={source} onClose={() => undefined} />}
      />
      <Route path="/workflows/:id" element={<p>workflow page</p>} />
    </Routes>,
  );
}

describe('CreateResourceModal', () => {
  it('derives the slug from the name live and opens the new item', async () => {
    const user = userEvent.setup();
    const source = fakeSource();
    renderModal(source);
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Été: Sea ice!');
    expect(screen.getByRole('textbox', { name: /^Slug/ })).toHaveValue('ete-sea-ice');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(source.create).toHaveBeenCalledWith({ label: 'Été: Sea ice!', slug: 'ete-sea-ice' });
    expect(await screen.findByText('workflow page')).toBeInTheDocument();
  });

  it('shows a 400 under the field its pointer names', async () => {
    const user = userEvent.setup();
    const source = fakeSource();
    source.create.mockRejectedValue(
      new ApiError(400, 'Bad Request', { errors: [{ detail: 'This slug is taken.', source: { pointer: '/data/attributes/slug' } }] }),
    );
    renderModal(source);
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Taken');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Slug/ })).toHaveAccessibleDescription(/This slug is taken\./));
    expect(screen.getByRole('textbox', { name: /^Name/ })).not.toHaveAttribute('aria-invalid', 'true');
  });
});
