import { Alert } from '@mantine/core';
import { IconArchive } from '@tabler/icons-react';

const ARCHIVED_PROCESS_TEXT = 'Archived process! Existing versions are read-only and modifications are disabled';

export function ArchivedBanner() {
  return (
    <Alert color="yellow" variant="light" icon={<IconArchive size={18} />}>
      {ARCHIVED_PROCESS_TEXT}
    </Alert>
  );
}
