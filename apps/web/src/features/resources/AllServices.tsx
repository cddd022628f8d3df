import type { StaffModelServiceItem } from '@asb/contracts';
import { NOTIFY_MS } from '@asb/contracts';
import { Button, Code, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerStop } from '@tabler/icons-react';
import { useState } from 'react';
import { handleError } from '../../app/api/error-handler';
import { useReportError } from '../../app/api/use-report-error';
import { formatDateTime } from '../../ui/formatDateTime';
import { StatusBadge } from '../../ui/StatusBadge';
import { useAllServices, useStopAnyService } from '../catalogue/api/model-service';
import { StopServiceDialog } from '../catalogue/model-service/StopServiceDialog';

/** Staff only: every user's running model services, each with its owner, and a stop for any (docs/models.md "Models as services"). */
export function AllServices() {
  const all = useAllServices(true);
  const stop = useStopAnyService();
  const [stopping, setStopping] = useState<StaffModelServiceItem | null>(null);
  useReportError(all.error, all.errorUpdatedAt, 'Backend');
  const services = all.data ?? [];
  const confirm = (service: StaffModelServiceItem) =>
    stop.mutate(service.model_proc_id, {
      onSuccess: () => {
        setStopping(null);
        notifications.show({ message: `${service.name} of ${service.owner}: service undeployed`, color: 'gray', autoClose: NOTIFY_MS.short });
      },
      onError: (error) => handleError(error, 'Backend'),
    });
  return (
    <Stack gap={4}>
      <Title order={4}>Every user’s services</Title>
      <Table verticalSpacing="xs" aria-label="Every user’s services">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Owner</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Started</Table.Th>
            <Table.Th>Process identifier</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {services.map((service) => (
            <Table.Tr key={service.model_proc_id}>
              <Table.Td>{service.owner}</Table.Td>
              <Table.Td>{service.name}</Table.Td>
              <Table.Td>{formatDateTime(service.started)}</Table.Td>
              <Table.Td>
                <Code>{service.model_proc_id}</Code>
              </Table.Td>
              <Table.Td>
                <StatusBadge status={service.status} />
              </Table.Td>
              <Table.Td>
                <Button size="compact-sm" color="red" variant="light" leftSection={<IconPlayerStop size={14} />} onClick={() => setStopping(service)}>
                  Stop the Service
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
          {services.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={6} ta="center">
                <Text c="dimmed">{all.isPending ? 'Loading…' : 'No model runs as a service.'}</Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      <StopServiceDialog
        name={stopping ? `${stopping.owner}’s ${stopping.name}` : ''}
        isOpened={stopping !== null}
        isPending={stop.isPending}
        onConfirm={() => stopping && confirm(stopping)}
        onClose={() => setStopping(null)}
      />
    </Stack>
  );
}
