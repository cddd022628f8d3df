import { ActionIcon, Code, CopyButton, Group, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { NOTIFY_MS } from '@asb/contracts';

/** A value shown once (a generated password, a secret) with a copy button. */
export function CopyableValue({ value, copyLabel, testId }: { value: string; copyLabel: string; testId?: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Code fz="sm" style={{ wordBreak: 'break-all' }} data-testid={testId}>
        {value}
      </Code>
      <CopyButton value={value} timeout={NOTIFY_MS.copy}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied to clipboard' : 'Copy'} withArrow>
            <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={copyLabel}>
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
