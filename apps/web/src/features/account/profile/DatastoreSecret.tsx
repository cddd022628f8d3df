import { Alert, Text } from '@mantine/core';
import { IconLockOpen } from '@tabler/icons-react';
import { CopyableValue } from '../../../ui/CopyableValue';

/** The new datastore secret: shown this once, with a copy button. */
export function DatastoreSecret({ secret }: { secret: string }) {
  return (
    <Alert color="green" variant="light" title="New datastore secret" icon={<IconLockOpen />}>
      <Text size="sm" mb="xs">
        Store it now in a safe place: it will not be shown again.
      </Text>
      <CopyableValue value={secret} copyLabel="Copy the secret" testId="datastore-secret" />
    </Alert>
  );
}
