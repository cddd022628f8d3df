import { ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';

/** A yes/no cell with an accessible name ('Yes'/'No'). */
export function BooleanMark({ value }: { value: boolean }) {
  return (
    <ThemeIcon variant="light" color={value ? 'green' : 'gray'} size="sm" radius="xl" aria-label={value ? 'Yes' : 'No'} role="img">
      {value ? <IconCheck size={14} /> : <IconX size={14} />}
    </ThemeIcon>
  );
}
