import { Badge, Button, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBuildingStore, IconEyeOff } from '@tabler/icons-react';
import { NOTIFY_MS } from '@asb/contracts';
import { handleError } from '../../../app/api/error-handler';
import { useItemPublication, useSetItemPublication } from '../api/catalogue';

/**
 * A model's or dataset's place on the marketplace (docs/marketplace.md "Publishing a model or
 * dataset"): an 'On the Marketplace' badge for everyone while it is listed, and for the owner of
 * its collection or staff, Publish to Marketplace or Unpublish. A private collection's item
 * cannot be published: the button says why.
 */
export function ItemPublicationControl({ collection, itemId, name }: { collection: string; itemId: string; name: string }) {
  const publication = useItemPublication(collection, itemId);
  const change = useSetItemPublication(collection, itemId);
  const state = publication.data;
  if (!state) return null;
  const notify = (message: string) => notifications.show({ title: 'Marketplace', message, color: 'green', autoClose: NOTIFY_MS.success });
  const set = (published: boolean) =>
    change.mutate(published, {
      onSuccess: () => notify(published ? `${name} published to the Marketplace` : `${name} unpublished`),
      onError: (error) => handleError(error, 'Backend'),
    });
  return (
    <>
      {state.listed && (
        <Badge color="green" variant="light" leftSection={<IconBuildingStore size={12} />}>
          On the Marketplace
        </Badge>
      )}
      {state.editable &&
        (state.published ? (
          <Button variant="default" leftSection={<IconEyeOff size={16} />} loading={change.isPending} onClick={() => set(false)}>
            Unpublish
          </Button>
        ) : (
          <Tooltip label="The collection is private: make it public to publish its items." disabled={state.collection_public}>
            <Button
              variant="light"
              leftSection={<IconBuildingStore size={16} />}
              loading={change.isPending}
              disabled={!state.collection_public}
              onClick={() => set(true)}
            >
              Publish to Marketplace
            </Button>
          </Tooltip>
        ))}
    </>
  );
}
