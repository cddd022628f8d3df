import { Button } from '@mantine/core';
import { NOTIFY_MS } from '@asb/contracts';
import { notifications } from '@mantine/notifications';
import { IconBuildingStore, IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { handleError } from '../../../app/api/error-handler';
import { useReportError } from '../../../app/api/use-report-error';
import { useIsPublished, usePublication } from '../api/publication';
import type { Workflow } from '../api/workflows';
import { PublishModal } from './PublishModal';

/**
 * Publish to Marketplace or Unpublish (spec 1 §2, §4). The caller shows it to the owner
 * or a superuser with the workflow-publishing flag; the flag is read on page load.
 */
export function PublicationControl({ workflow }: { workflow: Workflow }) {
  const published = useIsPublished(workflow.id);
  useReportError(published.error, published.errorUpdatedAt, 'knowledge');
  const { publish, unpublish } = usePublication(workflow.id);
  const [isPublishing, setIsPublishing] = useState(false);
  const { label, description, isArchived } = workflow.attributes;
  const isPublished = published.data ?? workflow.attributes.isPublished;

  const notify = (message: string) => notifications.show({ title: 'Marketplace', message, color: 'green', autoClose: NOTIFY_MS.success });

  if (isPublished) {
    return (
      <Button
        variant="default"
        color="red"
        leftSection={<IconEyeOff size={16} />}
        loading={unpublish.isPending}
        disabled={published.isPending}
        onClick={() =>
          unpublish.mutate(undefined, {
            onSuccess: () => notify(`${label} unpublished`),
            onError: (error) => handleError(error, 'knowledge'),
          })
        }
      >
        Unpublish
      </Button>
    );
  }
  return (
    <>
      <Button variant="light" leftSection={<IconBuildingStore size={16} />} disabled={published.isPending || isArchived} onClick={() => setIsPublishing(true)}>
        Publish to Marketplace
      </Button>
      <PublishModal
        isOpened={isPublishing}
        description={description}
        publish={publish}
        onPublished={() => {
          setIsPublishing(false);
          notify(`${label} published to the Marketplace`);
        }}
        onClose={() => setIsPublishing(false)}
      />
    </>
  );
}
