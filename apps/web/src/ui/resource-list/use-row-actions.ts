import { NOTIFY_MS } from '@asb/contracts';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { handleError } from '../../app/api/error-handler';
import type { ListSource, ResourceNoun } from './types';

/**
 * Archive, share and delete of one row, with the success notifications of
 * spec 1 §8. Every mutation invalidates the list so that a row leaves a list
 * filtered on isArchived once its state changes (spec 1 §4).
 */
export function useRowActions<A extends object>(source: ListSource<A>, noun: ResourceNoun) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: source.key });

  const archive = useMutation({
    mutationFn: ({ id, isArchived }: { id: string; isArchived: boolean }) => source.setArchived!(id, isArchived),
    onSuccess: (_data, { id, isArchived }) => {
      notifications.show({
        title: 'Archive',
        message: `${noun.name} #${id} ${isArchived ? 'archived' : 'unarchived'}`,
        color: isArchived ? 'yellow' : 'green',
        autoClose: NOTIFY_MS.success,
      });
      return refresh();
    },
    onError: (error) => handleError(error),
  });

  const share = useMutation({
    mutationFn: ({ id, workspaceIds }: { id: string; workspaceIds: string[] }) => source.share!(id, workspaceIds),
    onSuccess: refresh,
  });

  const remove = useMutation({
    mutationFn: ({ id }: { id: string; identifier: string }) => source.remove!(id),
    onSuccess: (_data, { identifier }) => {
      notifications.show({ title: 'Delete', message: `${noun.name} ${identifier} Deleted`, color: 'green', autoClose: NOTIFY_MS.success });
      return refresh();
    },
    onError: (error) => handleError(error),
  });

  return { archive, share, remove };
}

export type RowActions<A extends object> = ReturnType<typeof useRowActions<A>>;
