import { Alert } from '@mantine/core';
import { IconArchive } from '@tabler/icons-react';

const ARCHIVED_WORKFLOW_TEXT = 'Archived workflow! Modifications are disabled';

export function ArchivedWorkflowBanner() {
  return (
    <Alert color="yellow" variant="light" icon={<IconArchive size={18} />}>
      {ARCHIVED_WORKFLOW_TEXT}
    </Alert>
  );
}
