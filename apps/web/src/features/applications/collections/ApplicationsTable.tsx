import { Badge, Button, Group, Table, Text } from '@mantine/core';
import type { ApplicationSummary } from '@asb/contracts';
import { IconFileDescription, IconPlayerPlay } from '@tabler/icons-react';
import { Link } from 'react-router';
import { routePath } from '../../../app/routes';
import { PublicationBadge } from '../PublicationBadge';
import { ApplicationInfoButton } from './ApplicationInfoButton';
import { ApplicationMenu } from './ApplicationMenu';

/** The applications of a collection with Info, Details and Execute, and the owner's menu. */
export function ApplicationsTable({ collection, applications }: { collection: string; applications: ApplicationSummary[] }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Application</Table.Th>
            <Table.Th>Version</Table.Th>
            <Table.Th>Publication</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {applications.map((application) => (
            <Table.Tr key={application.identifier} data-application={application.identifier}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {application.title || application.identifier}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {application.identifier}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" tt="none">
                  {application.softwareVersion || 'not specified'}
                </Badge>
              </Table.Td>
              <Table.Td>
                <PublicationBadge application={application} />
              </Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <ApplicationInfoButton application={application} />
                  <Button
                    size="xs"
                    variant="default"
                    component={Link}
                    to={routePath('catalogueApplicationDetail', { id: collection, appId: application.identifier })}
                    leftSection={<IconFileDescription size={14} />}
                    aria-label={`Details of ${application.identifier}`}
                  >
                    Details
                  </Button>
                  <Button
                    size="xs"
                    component={Link}
                    to={routePath('catalogueApplicationExecute', { id: collection, appId: application.identifier })}
                    leftSection={<IconPlayerPlay size={14} />}
                    aria-label={`Execute ${application.identifier}`}
                  >
                    Execute
                  </Button>
                  {application.permissions.delete && <ApplicationMenu collection={collection} application={application} />}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
