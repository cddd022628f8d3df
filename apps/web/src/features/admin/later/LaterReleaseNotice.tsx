import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Admin areas whose services arrive with a later release say so plainly. */
export function LaterReleaseNotice({ children }: { children: ReactNode }) {
  return (
    <Alert variant="light" color="blue" icon={<IconInfoCircle />} title="Coming with a later release">
      {children}
    </Alert>
  );
}
