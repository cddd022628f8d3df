import { ArchiveConfirmDialog } from '../ArchiveConfirmDialog';
import { DeleteConfirmDialog } from '../DeleteConfirmDialog';
import { ShareDialog } from '../ShareDialog';
import { rowState } from './row-state';
import type { ListRow, ListSource, ResourceNoun, RowActionsConfig } from './types';
import type { RowActions } from './use-row-actions';

type RowDialogKind = 'archive' | 'share' | 'delete';

export interface RowDialogTarget<A extends object> {
  kind: RowDialogKind;
  row: ListRow<A>;
}

export interface RowDialogsProps<A extends object> {
  target: RowDialogTarget<A> | null;
  source: ListSource<A>;
  noun: ResourceNoun;
  config: RowActionsConfig<A>;
  actions: RowActions<A>;
  onClose(): void;
}

/** The archive, share and delete dialogs of the row whose menu entry was chosen. */
export function RowDialogs<A extends object>({ target, source, noun, config, actions, onClose }: RowDialogsProps<A>) {
  const row = target?.row;
  const state = row ? rowState(row) : undefined;
  const name = noun.name.toLowerCase();
  // a workspace is not shared with itself
  const excludedIds = row && source.key.includes('workspaces') ? [row.id] : [];
  return (
    <>
      <ArchiveConfirmDialog
        isOpened={target?.kind === 'archive'}
        name={name}
        text={config.archiveText}
        isPending={actions.archive.isPending}
        onClose={onClose}
        onConfirm={() => row && actions.archive.mutate({ id: row.id, isArchived: true }, { onSuccess: onClose })}
      />
      <ShareDialog
        isOpened={target?.kind === 'share'}
        title={`Share ${name}`}
        initialIds={Object.keys(state?.workspaces ?? {})}
        excludedIds={excludedIds}
        onClose={onClose}
        onShare={(workspaceIds) => actions.share.mutateAsync({ id: row!.id, workspaceIds })}
      />
      <DeleteConfirmDialog
        isOpened={target?.kind === 'delete'}
        name={name}
        identifier={state?.identifier ?? ''}
        detail={row && config.deleteDetail?.(row)}
        isPending={actions.remove.isPending}
        onClose={onClose}
        onConfirm={() => row && actions.remove.mutate({ id: row.id, identifier: state!.identifier }, { onSuccess: onClose })}
      />
    </>
  );
}
