import { Alert } from '@mantine/core';
import { IconAlertTriangleFilled } from '@tabler/icons-react';
import { ACTION_REQUIRED } from '../../../ui/ActionRequiredIcon';

export function DatastoreWarning() {
  return (
    <Alert color="red" variant="light" title={ACTION_REQUIRED} icon={<IconAlertTriangleFilled />}>
      Your datastore credentials have not been changed yet. Generate new credentials below to secure the access to your buckets.
    </Alert>
  );
}
