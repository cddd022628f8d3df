import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { PAGE_SIZE } from '@asb/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useAuth } from '../../app/auth/auth-context';
import { CreateResourceModal } from './CreateResourceModal';
import { ListPager } from './ListPager';
import { defaultEmptyTexts, emptyTextOf } from './empty-text';
import { listParamsOf, normaliseFilterText, resolvePreset, togglePreset } from './list-query';
import { ListToolbar } from './ListToolbar';
import { ResourceTable } from './ResourceTable';
import { RowDialogs, type RowDialogTarget } from './RowDialogs';
import { RowMenu } from './RowMenu';
import { rowState } from './row-state';
import type { CreateConfig, EmptyTexts, FilterPreset, ListRow, ListSource, ResourceColumn, ResourceNoun, RowActionsConfig } from './types';
import { useResourceList } from './use-resource-list';
import { useFilterText } from './use-filter-text';
import { useRowActions } from './use-row-actions';

export interface ResourceListProps<A extends object> {
  title: string;
  noun: ResourceNoun;
  source: ListSource<A>;
  columns: ResourceColumn<A>[];
  /** the Filters dropdown; none hides it */
  filterPresets?: FilterPreset[];
  /** the filter text the list opens with, e.g. 'isArchived:false' (Hide archived) */
  defaultFilter?: string;
  defaultSort?: string;
  /** the New button and its modal */
  create?: CreateConfig;
  /** the row menu (archive, share, delete as the source and the row permissions allow) */
  rowActions?: RowActionsConfig<A>;
  /** trailing per-row content before the menu (Execute buttons, an Edit action...) */
  renderRowExtras?(row: ListRow<A>): ReactNode;
  /** buttons beside New */
  headerExtras?: ReactNode;
  emptyTexts?: Partial<EmptyTexts>;
}

/** The generic resource list of spec 1 §2, reused by every list of the portal. */
export function ResourceList<A extends object>(props: ResourceListProps<A>) {
  const { title, noun, source, columns, create, rowActions, renderRowExtras } = props;
  const { user } = useAuth();
  const defaultFilter = props.defaultFilter ?? '';
  const presets = (props.filterPresets ?? []).map((p) => ({ ...p, text: resolvePreset(p.text, user?.username) }));
  const filter = useFilterText(defaultFilter);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState(props.defaultSort);
  const [isAutoReload, setIsAutoReload] = useState(false);
  const [isCreating, setIsCreating] = useState(false);
  const [dialog, setDialog] = useState<RowDialogTarget<A> | null>(null);
  const actions = useRowActions(source, noun);

  const [lastPage, setLastPage] = useState<number>();
  // deleting the last row of the last page leaves it empty: the list steps back
  const shownPage = lastPage && page > lastPage ? lastPage : page;
  const params = listParamsOf(filter.appliedText, shownPage, PAGE_SIZE, sort);
  const query = useResourceList(source, params, isAutoReload);
  const rows = query.data?.rows ?? [];
  const pagination = query.data?.pagination;
  if (pagination && pagination.pages !== lastPage) setLastPage(pagination.pages);
  const texts = { ...defaultEmptyTexts(noun.plural), ...props.emptyTexts };
  const isFiltered = normaliseFilterText(filter.appliedText) !== normaliseFilterText(defaultFilter);
  const emptyText = emptyTextOf(texts, { isError: query.isError, isFiltered });

  // a new filter starts again from the first page
  const applyFilter = (text: string) => {
    filter.apply(text);
    setPage(1);
  };
  const typeFilter = (text: string) => {
    filter.type(text);
    setPage(1);
  };

  const renderActions =
    rowActions || renderRowExtras
      ? (row: ListRow<A>) => (
          <Group gap="xs" justify="flex-end" wrap="nowrap">
            {renderRowExtras?.(row)}
            {rowActions && (
              <RowMenu
                state={rowState(row)}
                plural={noun.plural}
                onArchive={source.setArchived && (() => setDialog({ kind: 'archive', row }))}
                onUnarchive={source.setArchived && (() => actions.archive.mutate({ id: row.id, isArchived: false }))}
                onShare={source.share && (() => setDialog({ kind: 'share', row }))}
                onDelete={source.remove && (() => setDialog({ kind: 'delete', row }))}
              />
            )}
          </Group>
        )
      : undefined;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{title}</Title>
        <Group gap="sm">
          {props.headerExtras}
          {create && source.create && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setIsCreating(true)}>
              {create.buttonLabel}
            </Button>
          )}
        </Group>
      </Group>
      <ListToolbar
        plural={noun.plural}
        text={filter.text}
        presets={presets}
        isAutoReload={isAutoReload}
        onType={typeFilter}
        onApply={applyFilter}
        onTogglePreset={(presetText) => applyFilter(togglePreset(filter.text, presetText))}
        onAutoReloadChange={setIsAutoReload}
      />
      <Paper withBorder radius="md">
        <ResourceTable
          columns={columns}
          rows={rows}
          isLoading={query.isPending}
          emptyText={emptyText}
          sort={sort}
          onSort={setSort}
          renderActions={renderActions}
        />
      </Paper>
      {pagination && <ListPager pagination={pagination} page={shownPage} onChange={setPage} noun={noun} />}
      {create && <CreateResourceModal isOpened={isCreating} config={create} noun={noun} source={source} onClose={() => setIsCreating(false)} />}
      {rowActions && <RowDialogs target={dialog} source={source} noun={noun} config={rowActions} actions={actions} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
