import type { BaseAttributes } from '@asb/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { FILTER_PRESETS } from './presets';
import { ResourceList, type ResourceListProps } from './ResourceList';
import { fakeSource, testRow } from './test-source';
import type { ListSource } from './types';

const columns: ResourceListProps<BaseAttributes>['columns'] = [{ key: 'identifier', header: 'Identifier', render: (row) => row.attributes.identifier }];

function renderList(source: ListSource<BaseAttributes>, props: Partial<ResourceListProps<BaseAttributes>> = {}) {
  return renderWithProviders(
    <ResourceList
      title="Workspaces"
      noun={{ name: 'Workspace', plural: 'workspaces' }}
      source={source}
      columns={columns}
      filterPresets={Object.values(FILTER_PRESETS)}
      rowActions={{ archiveText: 'The workspace will be archived.' }}
      {...props}
    />,
  );
}

describe('ResourceList filter box', () => {
  it('sends name:value tokens as filters and the rest as free-text search, from page 1', async () => {
    const user = userEvent.setup();
    const source = fakeSource();
    renderList(source);
    await user.type(screen.getByRole('textbox', { name: 'Search workspaces' }), 'ownerId:bob isArchived:false north sea{Enter}');
    await waitFor(() =>
      expect(source.list).toHaveBeenLastCalledWith(
        { page: 1, pageSize: 20, sort: undefined, search: 'north sea', filters: { ownerId: 'bob', isArchived: 'false' } },
        expect.anything(),
      ),
    );
  });

  it('opens with the default filter and applies presets from the Filters dropdown', async () => {
    const user = userEvent.setup();
    const source = fakeSource();
    renderList(source, { defaultFilter: 'isArchived:false' });
    await waitFor(() => expect(source.list).toHaveBeenCalledWith(expect.objectContaining({ filters: { isArchived: 'false' } }), expect.anything()));

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.click(screen.getByRole('menuitem', { name: 'Show archived only' }));
    expect(screen.getByRole('textbox', { name: 'Search workspaces' })).toHaveValue('isArchived:true');

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.click(screen.getByRole('menuitem', { name: 'Owned by me' }));
    // {username} stands for the signed-in user
    await waitFor(() =>
      expect(source.list).toHaveBeenLastCalledWith(expect.objectContaining({ filters: { isArchived: 'true', ownerId: 'alice' } }), expect.anything()),
    );
  });
});

describe('ResourceList empty texts', () => {
  it("says 'No {plural} found' without a search of the user's own", async () => {
    renderList(fakeSource(), { defaultFilter: 'isArchived:false' });
    expect(await screen.findByText('No workspaces found')).toBeInTheDocument();
  });

  it("says 'No {plural} matching your search' once the user filters", async () => {
    const user = userEvent.setup();
    renderList(fakeSource());
    await user.type(screen.getByRole('textbox', { name: 'Search workspaces' }), 'nothing{Enter}');
    expect(await screen.findByText('No workspaces matching your search')).toBeInTheDocument();
  });

  it("says 'Something went wrong while fetching {plural}' when the fetch fails", async () => {
    const source = fakeSource();
    source.list.mockRejectedValue(new Error('boom'));
    renderList(source);
    expect(await screen.findByText('Something went wrong while fetching workspaces')).toBeInTheDocument();
  });

  it('takes per-list texts (Administration > Users)', async () => {
    const user = userEvent.setup();
    renderList(fakeSource(), { emptyTexts: { noMatch: 'No users matching your filter' } });
    await user.type(screen.getByRole('textbox', { name: 'Search workspaces' }), 'zed{Enter}');
    expect(await screen.findByText('No users matching your filter')).toBeInTheDocument();
  });
});

describe('ResourceList pagination', () => {
  it('asks for the page the user picks, 20 rows at a time', async () => {
    const user = userEvent.setup();
    const source = fakeSource([testRow('1')]);
    source.list.mockResolvedValue({ rows: [testRow('1')], pagination: { page: 1, pages: 3, count: 41 } });
    renderList(source);
    expect(await screen.findByText('41 workspaces')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(source.list).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2, pageSize: 20 }), expect.anything()));
  });

  it("counts one row in the singular: '1 workspace', not '1 workspaces'", async () => {
    const source = fakeSource([testRow('1')]);
    source.list.mockResolvedValue({ rows: [testRow('1')], pagination: { page: 1, pages: 1, count: 1 } });
    renderList(source);
    expect(await screen.findByText('1 workspace')).toBeInTheDocument();
  });

  it('shows a capped count as a lower bound and reaches the pages past it as the server counts further', async () => {
    const user = userEvent.setup();
    const source = fakeSource([testRow('1')]);
    // the server counts 1 000 rows past a page's first row and says when it stopped there (meta.pagination.capped)
    source.list.mockImplementation(({ page }) =>
      Promise.resolve({ rows: [testRow(String(page))], pagination: { page, pages: page - 1 + 50, count: (page - 1) * 20 + 1000, capped: true } }),
    );
    renderList(source);
    expect(await screen.findByText('1 000+ workspaces')).toBeInTheDocument();
    expect(screen.getByTitle('At least 1 000: the count stops there')).toBeInTheDocument();
    expect(screen.getByLabelText('More pages after these')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '50' }));
    expect(await screen.findByText('1 980+ workspaces')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '99' })).toBeInTheDocument();
  });

  it('shows an exact count without a mark', async () => {
    const source = fakeSource([testRow('1')]);
    source.list.mockResolvedValue({ rows: [testRow('1')], pagination: { page: 1, pages: 63, count: 1250, capped: false } });
    renderList(source);
    expect(await screen.findByText('1 250 workspaces')).toBeInTheDocument();
    expect(screen.queryByLabelText('More pages after these')).not.toBeInTheDocument();
  });
});

describe('ResourceList rows', () => {
  it('caps workspace badges and marks archived rows', async () => {
    const { workspacesColumn } = await import('./columns');
    const row = testRow('1', { isArchived: true, workspaces: { 1: 'a', 2: 'b', 3: 'c', 4: 'd' } });
    renderList(fakeSource([row]), { columns: [...columns, workspacesColumn()] });
    const tableRow = (await screen.findByText('ws-1')).closest('tr')!;
    expect(within(tableRow).getByText('Archived')).toBeInTheDocument();
    expect(within(tableRow).getByText('+1 more')).toBeInTheDocument();
    expect(within(tableRow).queryByText('d')).not.toBeInTheDocument();
  });

  it('asks before archiving and unarchives at once', async () => {
    const user = userEvent.setup();
    const source = fakeSource([testRow('1'), testRow('2', { isArchived: true })]);
    renderList(source);

    await user.click(await screen.findByRole('button', { name: 'Actions for ws-1' }));
    await user.click(screen.getByRole('menuitem', { name: 'Archive' }));
    const dialog = screen.getByRole('dialog', { name: 'Archive workspace' });
    expect(within(dialog).getByText('The workspace will be archived.')).toBeInTheDocument();
    expect(source.setArchived).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(source.setArchived).toHaveBeenCalledWith('1', true);

    await user.click(screen.getByRole('button', { name: 'Actions for ws-2' }));
    await user.click(screen.getByRole('menuitem', { name: 'Unarchive' }));
    expect(source.setArchived).toHaveBeenCalledWith('2', false);
    expect(screen.queryByRole('dialog', { name: 'Archive workspace' })).not.toBeInTheDocument();
  });

  it('offers no menu when the server grants nothing, and no share on archived rows', async () => {
    const user = userEvent.setup();
    const readOnly = testRow('1', { permissions: { change: false, delete: false, share: false } });
    const archived = testRow('2', { isArchived: true, permissions: { change: true, delete: true, share: false } });
    renderList(fakeSource([readOnly, archived]));
    await screen.findByText('ws-1');
    expect(screen.queryByRole('button', { name: 'Actions for ws-1' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions for ws-2' }));
    expect(screen.getByRole('menuitem', { name: 'Share' })).toBeDisabled();
  });

  it('deletes after the identifier is typed', async () => {
    const user = userEvent.setup();
    const source = fakeSource([testRow('1')]);
    renderList(source);
    await user.click(await screen.findByRole('button', { name: 'Actions for ws-1' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete workspace' });
    await user.type(within(dialog).getByRole('textbox'), 'ws-1');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(source.remove).toHaveBeenCalledWith('1'));
  });
});
