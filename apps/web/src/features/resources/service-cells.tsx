import { Button, Code } from '@mantine/core';
import { IconPlayerStop } from '@tabler/icons-react';

/** A service's process identifier (maas-{id}), as its owner quotes it. */
export function ProcessId({ id }: { id: string }) {
  return <Code>{id}</Code>;
}

/** Opens the stop confirmation of a running service. */
export function StopServiceButton({ onClick }: { onClick: () => void }) {
  return (
    <Button size="compact-sm" color="red" variant="light" leftSection={<IconPlayerStop size={14} />} onClick={onClick}>
      Stop the Service
    </Button>
  );
}
