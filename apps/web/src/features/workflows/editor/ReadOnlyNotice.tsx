import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

export const ARCHIVED_EDITOR_TEXT = 'This workflow is archived: the editor is read-only.';
const NO_PERMISSION_EDITOR_TEXT = 'You may view this workflow but not change it: the editor is read-only.';

export function ReadOnlyNotice({ isArchived }: { isArchived: boolean }) {
  return (
    <Alert color="gray" variant="light" p="xs" icon={<IconLock size={18} />}>
      {isArchived ? ARCHIVED_EDITOR_TEXT : NO_PERMISSION_EDITOR_TEXT}
    </Alert>
  );
}
