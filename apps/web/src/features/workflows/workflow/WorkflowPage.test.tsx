import type { WorkflowAttributes } from '@asb/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeRequest } from '../../../test/fake-fetch';
import { renderWithProviders, testUser } from '../../../test/render-with-providers';
import { WorkflowPage } from './WorkflowPage';

vi.mock('../editor/WorkflowEditor', () => ({
  WorkflowEditor: ({ workflowId }: { workflowId: string }) => <div data-testid="editor">editor of {workflowId}</div>,
}));

afterEach(() => vi.unstubAllGlobals());

function workflow(overrides: Partial<WorkflowAttributes> = {}) {
  return {
    type: 'workflows',
    id: '7',
    attributes: {
      identifier: 'ndvi-chain',
      label: 'NDVI chain',
      slug: 'ndvi-chain',
      ownerId: 'alice',
      isArchived: false,
      createdAt: '2024-01-01T00:00:00Z',
      updatedAt: '2024-01-01T00:00:00Z',
      workspaces: { 1: 'team' },
      permissions: { change: true, delete: true, share: true },
      shortDescription: '',
      description: '',
      isPublished: false,
      version: 2,
      dagType: 'standard' as const,
      graph: { nodes: [], edges: [] },
      ...overrides,
    },
    relationships: { workspaces: { data: [] } },
  };
}

interface Setup {
  answer?: { status?: number; body?: unknown };
  published?: boolean;
  publishAnswer?: { status?: number; body?: unknown };
  user?: Parameters<typeof testUser>[0];
}

function renderPage({ answer = { body: { data: workflow() } }, published = false, publishAnswer, user }: Setup = {}) {
  let isPublished = published;
  const { calls } = fakeFetch((request: FakeRequest) => {
    const path = request.path;
    if (path === '/knowledge/v1/workflows/7') return answer;
    if (path === '/knowledge/v1/workflows/7/is_published') return { body: { data: { published: isPublished } } };
    if (path === '/knowledge/v1/workflows/7/versions') {
      const changes = ['Node "login" runs grab:1 instead of login:1'];
      return { body: { data: [{ version: 2, createdAt: '2024-01-02T10:00:00Z', createdBy: 'otto', nodeCount: 3, edgeCount: 2, changes }] } };
    }
    if (path === '/knowledge/v1/workflows/7/publish') {
      if (publishAnswer) return publishAnswer;
      isPublished = true;
      return { body: { data: workflow({ isPublished: true }) } };
    }
    if (path === '/knowledge/v1/workflows/7/unpublish') {
      isPublished = false;
      return { body: { data: workflow() } };
    }
    return undefined;
  });
  renderWithProviders(
    <Routes>
      <Route path="/workflows/:id" element={<WorkflowPage />} />
    </Routes>,
    { path: '/workflows/7', user: testUser(user) },
  );
  return calls;
}

describe('WorkflowPage', () => {
  it("titles the page 'owner / label' with the identifier, embeds the editor and lists the versions", async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'alice / NDVI chain' })).toBeInTheDocument();
    expect(screen.getByText('ndvi-chain')).toBeInTheDocument();
    // the editor loads with the page, after it (a lazy chunk)
    expect(await screen.findByTestId('editor')).toHaveTextContent('editor of 7');
    expect(screen.getByRole('link', { name: 'Execute' })).toHaveAttribute('href', '/workflows/7/execute');
    const versions = await screen.findByRole('table', { name: 'Versions' });
    expect(within(versions).getByText('Current')).toBeInTheDocument();
    expect(within(versions).getByText('2024-01-02 10:00', { exact: false })).toBeInTheDocument();
    // who changed what: the execute form's 'Changed by' notice links here
    expect(within(versions).getByRole('row', { name: /otto/ })).toHaveTextContent('Node "login" runs grab:1 instead of login:1');
  });

  it('opens the detached editor in a new tab', async () => {
    renderPage();
    const link = await screen.findByRole('link', { name: 'Detached Editor' });
    expect(link).toHaveAttribute('href', '/knowledge/processorEditor/7');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('is read-only when archived: banner, sharing disabled, no Execute', async () => {
    renderPage({ answer: { body: { data: workflow({ isArchived: true }) } } });
    expect(await screen.findByText('Archived workflow! Modifications are disabled')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share this workflow' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Execute' })).not.toBeInTheDocument();
  });

  it('publishes with a description and a thumbnail URL beginning with http', async () => {
    const user = userEvent.setup();
    const calls = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Publish to Marketplace' }));
    const dialog = screen.getByRole('dialog', { name: 'Publish to Marketplace' });
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(within(dialog).getByText('Describe the workflow for the Marketplace.')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Computes NDVI');
    await user.type(within(dialog).getByRole('textbox', { name: 'Thumbnail URL' }), 'ftp://x/y.png');
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(within(dialog).getByText('The thumbnail URL must begin with http:// or https://.')).toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/publish'))).toBe(false);

    await user.clear(within(dialog).getByRole('textbox', { name: 'Thumbnail URL' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Thumbnail URL' }), 'https://example.org/t.png');
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('button', { name: 'Unpublish' })).toBeInTheDocument();
    const publish = calls.find((call) => call.path.endsWith('/publish'));
    expect(publish?.method).toBe('PATCH');
    expect(publish?.body).toEqual({
      data: { type: 'workflows', id: '7', attributes: { description: 'Computes NDVI', thumbnail_url: 'https://example.org/t.png' } },
    });
  });

  it('shows a server field error under its field', async () => {
    const user = userEvent.setup();
    renderPage({
      publishAnswer: { status: 400, body: { errors: [{ status: '400', detail: 'Too vague.', source: { pointer: '/data/attributes/description' } }] } },
    });
    await user.click(await screen.findByRole('button', { name: 'Publish to Marketplace' }));
    const dialog = screen.getByRole('dialog', { name: 'Publish to Marketplace' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'A workflow');
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByText('Too vague.')).toBeInTheDocument();
  });

  it('reads the published flag on load and unpublishes', async () => {
    const user = userEvent.setup();
    const calls = renderPage({ published: true });
    await user.click(await screen.findByRole('button', { name: 'Unpublish' }));
    expect(await screen.findByRole('button', { name: 'Publish to Marketplace' })).toBeInTheDocument();
    expect(calls.find((call) => call.path.endsWith('/unpublish'))?.method).toBe('PATCH');
  });

  it('offers publication to a superuser who does not own the workflow', async () => {
    renderPage({ user: { username: 'root', is_superuser: true } });
    expect(await screen.findByRole('button', { name: 'Publish to Marketplace' })).toBeInTheDocument();
  });

  it('hides publication from a user who is neither the owner nor a superuser', async () => {
    const calls = renderPage({ user: { username: 'bob' } });
    expect(await screen.findByRole('heading', { name: 'alice / NDVI chain' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Publish to Marketplace|Unpublish/ })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/is_published'))).toBe(false);
  });

  it("says 'Something went wrong while fetching workflow #{id}' when the fetch fails", async () => {
    renderPage({ answer: { status: 500, body: { detail: 'boom' } } });
    expect(await screen.findByText('Something went wrong while fetching workflow #7')).toBeInTheDocument();
  });
});
