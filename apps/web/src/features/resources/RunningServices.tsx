import type { ModelServiceItem } from '@asb/contracts';
import { NOTIFY_MS } from '@asb/contracts';
import { Anchor, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { handleError } from '../../app/api/error-handler';
import { useReportError } from '../../app/api/use-report-error';
import { routePath } from '../../app/routes';
import { DataTable } from '../../ui/DataTable';
import { formatDateTime } from '../../ui/formatDateTime';
import { StatusBadge } from '../../ui/StatusBadge';
import { useModelServiceChange, useStartedServices } from '../catalogue/api/model-service';
import { StopServiceDialog } from '../catalogue/model-service/StopServiceDialog';
import { elapsedText, useNow } from './elapsed';
import { ServiceModelLink } from './ModelLink';
import { ProcessId, StopServiceButton } from './service-cells';
import { usageEmptyText } from './usage-empty-text';

/** The caller's running model services (polled every 5 s while the page is visible), each stopped after confirming. */
export function RunningServices() {
  const started = useStartedServices();
  const change = useModelServiceChange();
  const [stopping, setStopping] = useState<ModelServiceItem | null>(null);
  const now = useNow();
  useReportError(started.error, started.errorUpdatedAt, 'Backend');
  const stop = (service: ModelServiceItem) =>
    change.mutate(
      { collection: service.collection, modelId: service.id, change: 'stop' },
      {
        onSuccess: (answer) => {
          setStopping(null);
          notifications.show({ message: `${service.name}: service ${answer.status ?? 'stopped'}`, color: 'gray', autoClose: NOTIFY_MS.short });
        },
        onError: (error) => handleError(error, 'Backend'),
      },
    );
  return (
    <>
      <DataTable
        label="Running services"
        minWidth={960}
        rows={started.data ?? []}
        rowKey={(service) => service.model_proc_id}
        columns={[
          { header: 'Name', render: (service) => <ServiceModelLink service={service} /> },
          { header: 'Start time', noWrap: true, render: (service) => formatDateTime(service.started) },
          { header: 'Active duration', noWrap: true, render: (service) => elapsedText(service.started, now) },
          { header: 'Process identifier', render: (service) => <ProcessId id={service.model_proc_id} /> },
          { header: 'Status', minWidth: 110, render: (service) => <StatusBadge status={service.status} /> },
          { header: 'Endpoint', render: (service) => <Endpoint url={service.model_proc_url} /> },
          {
            header: 'Actions',
            isHeaderHidden: true,
            render: (service) => (
              <Group gap="xs" wrap="nowrap">
                <Button
                  component={Link}
                  to={routePath('catalogueModelDetail', { id: service.collection, modelId: service.id })}
                  size="compact-sm"
                  variant="default"
                >
                  Model Details
                </Button>
                <StopServiceButton onClick={() => setStopping(service)} />
              </Group>
            ),
          },
        ]}
        emptyText={usageEmptyText(started.isError, 'running services', 'No model runs as a service.')}
        isLoading={started.isPending}
      />
      <StopServiceDialog
        name={stopping?.name ?? ''}
        isOpened={stopping !== null}
        isPending={change.isPending}
        onConfirm={() => stopping && stop(stopping)}
        onClose={() => setStopping(null)}
      />
    </>
  );
}

/** A running service's endpoint, once it has one. */
function Endpoint({ url }: { url: string | null }) {
  if (!url)
    return (
      <Text size="sm" c="dimmed">
        not yet
      </Text>
    );
  return (
    <Anchor href={url} target="_blank" rel="noreferrer" size="sm">
      <Group gap={4} wrap="nowrap">
        Open endpoint <IconExternalLink size={14} />
      </Group>
    </Anchor>
  );
}
