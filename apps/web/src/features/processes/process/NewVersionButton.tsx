import { NOTIFY_MS } from '@asb/contracts';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { handleError } from '../../../app/api/error-handler';
import { BUCKETS_KEY } from '../api/keys';
import { createBucket } from '../api/versions';
import { ConfirmTwiceButton } from './ConfirmTwiceButton';

/** Spec 2 §9: the create-bucket button stays busy 300 ms. */
const CREATE_BUSY_MS = 300;

/** 'New version' creates the next unreleased version on a second click. */
export function NewVersionButton({ processId, onCreated }: { processId: string; onCreated(bucketId: string): void }) {
  const queryClient = useQueryClient();
  const create = async () => {
    try {
      const bucket = await createBucket(processId);
      notifications.show({ message: 'Unreleased version created', color: 'green', autoClose: NOTIFY_MS.short });
      await queryClient.invalidateQueries({ queryKey: BUCKETS_KEY });
      onCreated(bucket.id);
    } catch (error) {
      handleError(error, 'knowledge');
    }
  };
  return (
    <ConfirmTwiceButton
      prompt="Click again to create a new unreleased version"
      onConfirm={create}
      minBusyMs={CREATE_BUSY_MS}
      leftSection={<IconPlus size={16} />}
    >
      New version
    </ConfirmTwiceButton>
  );
}
