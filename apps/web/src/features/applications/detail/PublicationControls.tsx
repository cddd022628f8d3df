import { Button, Group } from '@mantine/core';
import { NOTIFY_MS, publishedCollectionOf, type Application } from '@asb/contracts';
import { notifications } from '@mantine/notifications';
import { IconWorldOff, IconWorldUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { handleError } from '../../../app/api/error-handler';
import { routePath } from '../../../app/routes';
import { useUpdateApplication } from '../api/applications';
import { UnpublishModal } from './UnpublishModal';

/**
 * Spec 3 §4 (owner or superuser): "Publish to Marketplace" moves a private application into
 * `{owner}:published` (the reading the shown behaviour gives; docs/applications.md); a
 * published or in-review one gets "Cancel publishing", which asks for the collection to move to.
 */
export function PublicationControls({ application }: { application: Application }) {
  const navigate = useNavigate();
  const update = useUpdateApplication(application.collection);
  const [isUnpublishing, setIsUnpublishing] = useState(false);

  const moveTo = (collection: string, message: string) =>
    update.mutate(
      { cwl_identifier: application.identifier, collection },
      {
        onSuccess: (answer) => {
          notifications.show({ message, color: 'green', autoClose: NOTIFY_MS.success });
          setIsUnpublishing(false);
          void navigate(routePath('catalogueApplicationDetail', { id: answer.data.collection, appId: answer.data.identifier }), { replace: true });
        },
        onError: (error) => handleError(error, 'Backend'),
      },
    );

  const target = publishedCollectionOf(application.ownerId);
  return (
    <Group gap="xs">
      {application.publication === 'private' ? (
        <Button
          variant="light"
          color="teal"
          leftSection={<IconWorldUpload size={16} />}
          loading={update.isPending}
          onClick={() => moveTo(target, `Application published to ${target}`)}
        >
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
        isPending={update.isPending}
        onClose={() => setIsUnpublishing(false)}
        onMove={(collection) => moveTo(collection, `Application moved to ${collection}`)}
      />
    </Group>
  );
}
