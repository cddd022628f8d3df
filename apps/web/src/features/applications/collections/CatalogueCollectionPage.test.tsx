import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApplicationSummary, User } from '@asb/contracts';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext } from '../../../app/auth/auth-context';
import { liveClient } from '../../../app/live/live';
import { fakeAuth } from '../../../test/fake-auth';
import { fakeFetch } from '../../../test/fake-fetch';
import { testUser } from '../../../test/render-with-providers';
import { summary } from '../test/application-fixtures';
import { CatalogueCollectionPage } from './CatalogueCollectionPage';

afterEach(() => vi.unstubAllGlobals());

const BASE = '/backend/v1/catalogue-collections/alice%3Aapps';
const COLLECTION = {
  type: 'catalogue-collections',
  id: 'alice:apps',
  attributes: {
    identifier: 'alice:apps',
    label: 'My apps',
    slug: 'apps',
    ownerId: 'alice',
    isArchived: false,
    createdAt: '2024-01-01T00:00:00Z',
    updatedAt: '2024-01-01T00:00:00Z',
    workspaces: { 3: 'ws-demo' },
    permissions: { change: true, delete: true, share: true },
    verbose_name: 'My apps',
    verboseName: 'My apps',
    abstract: 'Applications of Alice',
    applications: 0,
    isPublic: false,
  },
  relationships: { workspaces: { data: [] } },
};

/** An XMLHttpRequest the test answers: the last one sent is `FakeXhr.last`. */
class FakeXhr {
  static last: FakeXhr | undefined;
  upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  status = 0;
  statusText = '';
  responseText = '';
  form: FormData | undefined;
  open() {}
  setRequestHeader() {}
  send(form: FormData) {
    this.form = form;
    FakeXhr.last = this;
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.statusText = status < 300 ? 'Created' : 'Bad Request';
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const live = (message: object) => act(() => (liveClient as unknown as { dispatch(data: string): void }).dispatch(JSON.stringify(message)));

function renderPage(applications: ApplicationSummary[], user: User = testUser()) {
  fakeFetch((request) => {
    if (request.path === BASE) return { body: { data: COLLECTION } };
    if (request.path === `${BASE}/applications`) return { body: { data: applications } };
    return undefined;
  });
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AuthContext.Provider value={fakeAuth({ status: 'authenticated', user, isSuperuser: user.is_superuser })}>
          <MemoryRouter initialEntries={['/collections/alice:apps']}>
            <Routes>
              <Route path="/collections/:id" element={<CatalogueCollectionPage />} />
            </Routes>
          </MemoryRouter>
        </AuthContext.Provider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

async function chooseAndUpload(file: File) {
  await userEvent.click(await screen.findByRole('button', { name: 'Register new application' }));
  const dialog = await screen.findByRole('dialog', { name: 'Register new application' });
  await userEvent.upload(within(dialog).getByLabelText('CWL file'), file);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
  return dialog;
}

describe('CatalogueCollectionPage', () => {
  it('shows the header and the empty text; a member who is not the owner may not upload', async () => {
    renderPage([], testUser({ username: 'bob' }));
    expect(await screen.findByRole('heading', { name: 'alice / My apps' })).toBeInTheDocument();
    expect(screen.getByText('Applications of Alice')).toBeInTheDocument();
    expect(screen.getByText('ws-demo')).toBeInTheDocument();
    expect(await screen.findByText('There are no applications registered in this collection yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register new application' })).not.toBeInTheDocument();
  });

  it('lists applications with Info, Details and Execute; the menu only with the right to delete', async () => {
    renderPage([summary(), summary({ identifier: 'other', title: 'Other', permissions: { edit: false, delete: false, publish: false, execute: true } })]);
    const row = (await screen.findByText('water-bodies')).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Details of water-bodies' })).toHaveAttribute('href', '/collections/alice%3Aapps/detail/water-bodies');
    expect(within(row).getByRole('link', { name: 'Execute water-bodies' })).toHaveAttribute('href', '/collections/alice%3Aapps/execute/water-bodies');
    expect(within(row).getByRole('button', { name: 'Actions for water-bodies' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for other' })).not.toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Info on water-bodies' }));
    expect(await screen.findByText('Detects water bodies from NDWI and Otsu thresholding.')).toBeInTheDocument();
  });

  it('uploads a CWL file and follows its steps from the live messages of its own upload id', async () => {
    renderPage([]);
    const dialog = await chooseAndUpload(new File(['cwlVersion: v1.2'], 'app.cwl'));
    const xhr = FakeXhr.last!;
    const uploadId = String(xhr.form!.get('upload_id'));
    act(() => xhr.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 }));
    live({ type: 'uploadUpdate', upload_id: 'someone-else', collection: 'alice:apps', step: 'failed', progress: 100, message: 'not ours' });
    live({ type: 'uploadUpdate', upload_id: uploadId, collection: 'alice:apps', step: 'received', progress: 25 });
    live({ type: 'uploadUpdate', upload_id: uploadId, collection: 'alice:apps', step: 'validated', progress: 50 });
    const steps = within(dialog).getByRole('list', { name: 'Upload steps' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((step) => step.dataset.state),
    ).toEqual(['done', 'done', 'pending', 'pending']);
    expect(within(dialog).queryByText('not ours')).not.toBeInTheDocument();
    act(() => xhr.answer(201, { data: summary() }));
    expect(await within(dialog).findByRole('link', { name: 'Open Water bodies detection' })).toBeInTheDocument();
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((step) => step.dataset.state),
    ).toEqual(['done', 'done', 'done', 'done']);
  });

  it('a refused upload fills the bar in red with the server’s reason; a non-CWL file is refused before sending', async () => {
    renderPage([]);
    await userEvent.click(await screen.findByRole('button', { name: 'Register new application' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register new application' });
    await userEvent.upload(within(dialog).getByLabelText('CWL file'), new File(['hello'], 'notes.txt'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('notes.txt is not a CWL file');
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeDisabled();

    await userEvent.upload(within(dialog).getByLabelText('CWL file'), new File(['hello'], 'bad.cwl'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    act(() => FakeXhr.last!.answer(400, { detail: 'Not a CWL document: no class' }));
    expect(await within(dialog).findByText('Not a CWL document: no class')).toBeInTheDocument();
    const bar = within(dialog).getByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(dialog.querySelector('[data-phase="failed"]')).not.toBeNull();
  });
});
