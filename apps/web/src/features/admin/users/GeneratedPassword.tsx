import { ActionIcon, Alert, Code, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { NOTIFY_MS } from '@asb/contracts';

/** The password the server generated for a new account; it is shown this one time only. */
export function GeneratedPassword({ username, password }: { username: string; password?: string }) {
  if (!password) {
    return <Text size="sm">User {username} was created.</Text>;
  }
  return (
    <Alert color="yellow" variant="light" title="Generated password">
      <Text size="sm" mb="xs">
        Pass this password on to {username}. It is shown only once; the user can change it on the Profile page.
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Code fz="md" data-testid="generated-password">
          {password}
        </Code>
        <CopyButton value={password} timeout={NOTIFY_MS.copy}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
              <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label="Copy password">
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Alert>
  );
}
