import type { StaffModelServiceItem } from '@asb/contracts';
import { NOTIFY_MS } from '@asb/contracts';
import { Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { handleError } from '../../app/api/error-handler';
import { useReportError } from '../../app/api/use-report-error';
import { DataTable } from '../../ui/DataTable';
import { formatDateTime } from '../../ui/formatDateTime';
import { StatusBadge } from '../../ui/StatusBadge';
import { useAllServices, useStopAnyService } from '../catalogue/api/model-service';
import { StopServiceDialog } from '../catalogue/model-service/StopServiceDialog';
import { ProcessId, StopServiceButton } from './service-cells';
import { usageEmptyText } from './usage-empty-text';

/** Staff only: every user's running model services, each with its owner, and a stop for any (docs/models.md "Models as services"). */
export function AllServices() {
  const all = useAllServices(true);
  const stop = useStopAnyService();
  const [stopping, setStopping] = useState<StaffModelServiceItem | null>(null);
  useReportError(all.error, all.errorUpdatedAt, 'Backend');
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
      <DataTable
        label="Every user’s services"
        rows={all.data ?? []}
        rowKey={(service) => service.model_proc_id}
        spacing="xs"
        columns={[
          { header: 'Owner', render: (service) => service.owner },
          { header: 'Name', render: (service) => service.name },
          { header: 'Started', render: (service) => formatDateTime(service.started) },
          { header: 'Process identifier', render: (service) => <ProcessId id={service.model_proc_id} /> },
          { header: 'Status', render: (service) => <StatusBadge status={service.status} /> },
          { header: 'Actions', isHeaderHidden: true, render: (service) => <StopServiceButton onClick={() => setStopping(service)} /> },
        ]}
        emptyText={usageEmptyText(all.isError, 'services', 'No model runs as a service.')}
        isLoading={all.isPending}
      />
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
