import { ActionIcon, Alert, Code, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconLockOpen } from '@tabler/icons-react';
import { NOTIFY_MS } from '@asb/contracts';

/** The new datastore secret: shown this once, with a copy button. */
export function DatastoreSecret({ secret }: { secret: string }) {
  return (
    <Alert color="green" variant="light" title="New datastore secret" icon={<IconLockOpen />}>
      <Text size="sm" mb="xs">
        Store it now in a safe place: it will not be shown again.
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Code fz="sm" style={{ wordBreak: 'break-all' }} data-testid="datastore-secret">
          {secret}
        </Code>
        <CopyButton value={secret} timeout={NOTIFY_MS.copy}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
              <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label="Copy the secret">
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Alert>
  );
}
