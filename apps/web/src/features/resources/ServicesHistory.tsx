import { Stack, Title } from '@mantine/core';
import { DataTable } from '../../ui/DataTable';
import { formatDateTime } from '../../ui/formatDateTime';
import { StatusBadge } from '../../ui/StatusBadge';
import { useServiceUsage } from '../catalogue/api/model-service';
import { elapsedText } from './elapsed';
import { ServiceModelLink } from './ModelLink';
import { ProcessId } from './service-cells';
import { usageEmptyText } from './usage-empty-text';

/** The caller's services that ended, and those in error: a service in error runs nothing (models/started leaves it out). */
export function ServicesHistory() {
  const history = useServiceUsage();
  const ended = (history.data ?? []).filter((service) => service.status === 'undeployed' || service.status === 'error');
  return (
    <Stack gap={4}>
      <Title order={4}>History</Title>
      <DataTable
        label="Services history"
        spacing="xs"
        rows={ended}
        rowKey={(service) => service.model_proc_id}
        columns={[
          { header: 'Name', render: (service) => <ServiceModelLink service={service} /> },
          { header: 'Started', render: (service) => formatDateTime(service.started) },
          { header: 'Ended', render: (service) => formatDateTime(service.ended) },
          { header: 'Active duration', render: (service) => (service.ended ? elapsedText(service.started, service.ended) : 'n/a') },
          { header: 'Process identifier', render: (service) => <ProcessId id={service.model_proc_id} /> },
          { header: 'Status', render: (service) => <StatusBadge status={service.status} /> },
        ]}
        emptyText={usageEmptyText(history.isError, 'ended services', 'No service has ended yet.')}
        isLoading={history.isPending}
      />
    </Stack>
  );
}
