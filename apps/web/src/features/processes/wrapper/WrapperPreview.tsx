import { ActionIcon, Button, Card, Code, CopyButton, Group, ScrollArea, Title, Tooltip } from '@mantine/core';
import { NOTIFY_MS, WRAPPER_FILE } from '@asb/contracts';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { downloadText } from '../../../ui/download';

/** The live preview of process_wrapper.py with its download. */
export function WrapperPreview({ code }: { code: string }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Live preview
        </Title>
        <Group gap="xs">
          <CopyButton value={code} timeout={NOTIFY_MS.copy}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied to clipboard' : 'Copy'} withArrow>
                <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} size="lg" onClick={copy} aria-label="Copy wrapper">
                  {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
          <Button leftSection={<IconDownload size={16} />} onClick={() => downloadText(WRAPPER_FILE, code, 'text/x-python')}>
            Download wrapper
          </Button>
        </Group>
      </Group>
      <Code fz="xs" c="dimmed" mb={6}>
        {WRAPPER_FILE}
      </Code>
      <ScrollArea.Autosize mah="70vh" type="auto">
        <Code block fz="xs" aria-label={`Preview of ${WRAPPER_FILE}`}>
          {code}
        </Code>
      </ScrollArea.Autosize>
    </Card>
  );
}
