import { Badge, Button, Group, Popover, Stack, Text } from '@mantine/core';
import type { ApplicationSummary } from '@asb/contracts';
import { IconInfoCircle } from '@tabler/icons-react';

/** Info: the abstract and keywords of an application, without leaving the table. */
export function ApplicationInfoButton({ application }: { application: ApplicationSummary }) {
  return (
    <Popover width={360} position="bottom-end" withArrow shadow="md">
      <Popover.Target>
        <Button size="xs" variant="default" leftSection={<IconInfoCircle size={14} />} aria-label={`Info on ${application.identifier}`}>
          Info
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {application.title || application.identifier}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {application.abstract || application.doc || 'No abstract.'}
          </Text>
          {application.keywords.length > 0 && (
            <Group gap={4}>
              {application.keywords.map((keyword) => (
                <Badge key={keyword} size="sm" variant="outline" tt="none">
                  {keyword}
                </Badge>
              ))}
            </Group>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
