import { Button, Group } from '@mantine/core';
import { NOTIFY_MS, publishedCollectionOf, type Application } from '@asb/contracts';
import { notifications } from '@mantine/notifications';
import { IconWorldOff, IconWorldUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { routePath } from '../../../app/routes';
import { useMoveApplication } from '../api/applications';
import { UnpublishModal } from './UnpublishModal';

/**
 * Spec 3 §4 (owner or superuser): "Publish to Marketplace" moves a private application into
 * `{owner}:published` (the reading the shown behaviour gives; docs/applications.md); a
 * published or in-review one gets "Cancel publishing", which asks for the collection to move to.
 */
export function PublicationControls({ application }: { application: Application }) {
  const navigate = useNavigate();
  const [isUnpublishing, setIsUnpublishing] = useState(false);
  const move = useMoveApplication(application.collection, async (moved) => {
    notifications.show({
      message: moved.publication === 'published' ? `Application published to ${moved.collection}` : `Application moved to ${moved.collection}`,
      color: 'green',
      autoClose: NOTIFY_MS.success,
    });
    setIsUnpublishing(false);
    await navigate(routePath('catalogueApplicationDetail', { id: moved.collection, appId: moved.identifier }), { replace: true });
  });
  const moveTo = (to: string) => move.mutate({ identifier: application.identifier, to });

  const target = publishedCollectionOf(application.ownerId);
  return (
    <Group gap="xs">
      {application.publication === 'private' ? (
        <Button variant="light" color="teal" leftSection={<IconWorldUpload size={16} />} loading={move.isPending} onClick={() => moveTo(target)}>
          Publish to Marketplace
        </Button>
      ) : (
        <Button variant="light" color="orange" leftSection={<IconWorldOff size={16} />} onClick={() => setIsUnpublishing(true)}>
          Cancel publishing
        </Button>
      )}
      <UnpublishModal
        isOpened={isUnpublishing}
        current={application.collection}
        isPending={move.isPending}
        onClose={() => setIsUnpublishing(false)}
        onMove={moveTo}
      />
    </Group>
  );
}
