import type { WorkflowAttributes } from '@asb/contracts';
import { screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../../test/fake-fetch';
import { renderWithProviders } from '../../../test/render-with-providers';
import { WorkflowRowButtons } from './WorkflowRowButtons';
import { WorkflowsPage } from './WorkflowsPage';

afterEach(() => vi.unstubAllGlobals());

function workflow(id: string, overrides: Partial<WorkflowAttributes> = {}) {
  return {
    type: 'workflows',
    id,
    attributes: {
      identifier: `wf-${id}`,
      label: `Workflow ${id}`,
      slug: `wf-${id}`,
      ownerId: 'alice',
      isArchived: false,
      createdAt: '2024-01-01T00:00:00Z',
      updatedAt: '2024-01-01T00:00:00Z',
      workspaces: {},
      permissions: { change: true, delete: true, share: true },
      shortDescription: '',
      description: '',
      isPublished: false,
      version: 1,
      dagType: 'standard' as const,
      graph: { nodes: [], edges: [] },
      ...overrides,
    },
    relationships: { workspaces: { data: [] } },
  };
}

describe('WorkflowsPage', () => {
  it("opens with 'Hide archived' and links every row to its page", async () => {
    const { calls } = fakeFetch((request) =>
      request.path === '/knowledge/v1/workflows' ? { body: { data: [workflow('3')], meta: { pagination: { page: 1, pages: 1, count: 1 } } } } : undefined,
    );
    renderWithProviders(<WorkflowsPage />);
    expect(await screen.findByRole('link', { name: 'Workflow 3' })).toHaveAttribute('href', '/workflows/3');
    expect(screen.getByRole('textbox', { name: 'Search workflows' })).toHaveValue('isArchived:false');
    expect(calls[0]?.query.get('filter[isArchived]')).toBe('false');
    expect(calls[0]?.query.get('sort')).toBe('-createdAt');
    expect(screen.getByRole('button', { name: 'New workflow' })).toBeInTheDocument();
  });

  it('offers Schedule and Execute on active rows only', async () => {
    fakeFetch((request) =>
      request.path === '/knowledge/v1/workflows'
        ? { body: { data: [workflow('3'), workflow('4', { isArchived: true })], meta: { pagination: { page: 1, pages: 1, count: 2 } } } }
        : undefined,
    );
    renderWithProviders(<WorkflowsPage />);
    const active = (await screen.findByRole('link', { name: 'Workflow 3' })).closest('tr')!;
    expect(within(active).getByRole('link', { name: 'Execute wf-3' })).toHaveAttribute('href', '/workflows/3/execute');
    expect(within(active).getByRole('link', { name: 'Schedule wf-3' })).toHaveAttribute('href', '/workflows/3/schedule');
    const archived = screen.getByRole('link', { name: 'Workflow 4' }).closest('tr')!;
    expect(within(archived).queryByRole('link', { name: /Execute|Schedule/ })).not.toBeInTheDocument();
  });
});

describe('WorkflowRowButtons', () => {
  it('has no Schedule button without the schedules flag', () => {
    render(
      <MantineProvider env="test">
        <MemoryRouter>
          <WorkflowRowButtons row={workflow('5')} canSchedule={false} />
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(screen.getByRole('link', { name: 'Execute wf-5' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Schedule wf-5' })).not.toBeInTheDocument();
  });
});
