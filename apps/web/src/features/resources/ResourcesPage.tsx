import type { ModelServiceItem, UsageRecord } from '@asb/contracts';
import { NOTIFY_MS } from '@asb/contracts';
import { Anchor, Button, Container, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconExternalLink, IconReport } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { handleError } from '../../app/api/error-handler';
import { useAuth } from '../../app/auth/auth-context';
import { useReportError } from '../../app/api/use-report-error';
import { routePath } from '../../app/routes';
import { formatDateTime, formatDuration } from '../../ui/formatDateTime';
import { StatusBadge } from '../../ui/StatusBadge';
import { useDatasetUsage } from '../catalogue/api/dataset-orders';
import { useModelServiceChange, useModelUsage, useServiceUsage, useStartedServices } from '../catalogue/api/model-service';
import { StopServiceDialog } from '../catalogue/model-service/StopServiceDialog';
import { AllServices } from './AllServices';
import { ProcessId, StopServiceButton } from './service-cells';
import { UsageTable } from './UsageTable';

const seconds = (from: string, to: string | null, now: number) => ((to ? Date.parse(to) : now) - Date.parse(from)) / 1000;

/** Spec 2 "Resources Usage" Dynamic Executions: the caller's model executions, with links to Executions, Model Details and the report. */
function DynamicExecutions() {
  const usage = useModelUsage();
  useReportError(usage.error, usage.errorUpdatedAt, 'Backend');
  const rows = usage.data ?? [];
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        The models you executed. All your model executions, live, are on{' '}
        <Anchor component={Link} to={routePath('modelExecutions')} size="sm">
          Executions
        </Anchor>
        .
      </Text>
      <UsageTable
        label="Dynamic executions"
        minWidth={860}
        rows={rows}
        rowKey={(record) => record.external_reference}
        columns={[
          { header: 'Model', cell: (record) => <ModelLink record={record} /> },
          { header: 'Version', cell: (record) => record.catalogue_item_version },
          { header: 'Publisher', cell: (record) => record.owner_id },
          { header: 'Started', isNowrap: true, cell: (record) => formatDateTime(record.datetime_start) },
          { header: 'Duration', cell: (record) => (record.datetime_end ? formatDuration(seconds(record.datetime_start, record.datetime_end, 0)) : 'n/a') },
          { header: 'Status', cell: (record) => <StatusBadge status={record.status} /> },
          {
            header: 'Actions',
            isHeaderHidden: true,
            cell: (record) =>
              record.external_reference && (
                <Button
                  component={Link}
                  to={routePath('modelReport', { id: record.external_reference })}
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconReport size={14} />}
                >
                  Execution Report
                </Button>
              ),
          },
        ]}
        empty="You have not executed a model yet."
        isPending={usage.isPending}
        isError={usage.isError}
      />
    </Stack>
  );
}

function ModelLink({ record }: { record: Pick<UsageRecord, 'title' | 'catalogue_collection_id' | 'catalogue_item_id'> }) {
  return (
    <Anchor
      component={Link}
      to={routePath('catalogueModelDetail', { id: record.catalogue_collection_id, modelId: record.catalogue_item_id })}
      size="sm"
      fw={500}
    >
      {record.title}
    </Anchor>
  );
}

/** A service's model, linked to its page. */
function ServiceModelLink({ service }: { service: ModelServiceItem }) {
  return <ModelLink record={{ title: service.name, catalogue_collection_id: service.collection, catalogue_item_id: service.id }} />;
}

/** The seconds since each running service started, ticking once a second. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Spec 2 "Resources Usage" Models as Services: the running services (polled every 5 s while the page is visible), then the history. */
function ModelsAsServices() {
  const started = useStartedServices();
  const history = useServiceUsage();
  const change = useModelServiceChange();
  const [stopping, setStopping] = useState<ModelServiceItem | null>(null);
  const { isStaff } = useAuth();
  const now = useNow();
  useReportError(started.error, started.errorUpdatedAt, 'Backend');
  const running = started.data ?? [];
  // a service in error runs nothing (models/started leaves it out): it is history, with its status
  const ended = (history.data ?? []).filter((service) => service.status === 'undeployed' || service.status === 'error');
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
    <Stack gap="lg">
      <UsageTable
        label="Running services"
        minWidth={960}
        rows={running}
        rowKey={(service) => service.model_proc_id}
        columns={[
          { header: 'Name', cell: (service) => <ServiceModelLink service={service} /> },
          { header: 'Start time', isNowrap: true, cell: (service) => formatDateTime(service.started) },
          { header: 'Active duration', isNowrap: true, cell: (service) => formatDuration(seconds(service.started, null, now)) },
          { header: 'Process identifier', cell: (service) => <ProcessId id={service.model_proc_id} /> },
          { header: 'Status', minWidth: 110, cell: (service) => <StatusBadge status={service.status} /> },
          {
            header: 'Endpoint',
            cell: (service) =>
              service.model_proc_url ? (
                <Anchor href={service.model_proc_url} target="_blank" rel="noreferrer" size="sm">
                  <Group gap={4} wrap="nowrap">
                    Open endpoint <IconExternalLink size={14} />
                  </Group>
                </Anchor>
              ) : (
                <Text size="sm" c="dimmed">
                  not yet
                </Text>
              ),
          },
          {
            header: 'Actions',
            isHeaderHidden: true,
            cell: (service) => (
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
        empty="No model runs as a service."
        isPending={started.isPending}
        isError={started.isError}
      />
      <Stack gap={4}>
        <Title order={4}>History</Title>
        <UsageTable
          label="Services history"
          spacing="xs"
          rows={ended}
          rowKey={(service) => service.model_proc_id}
          columns={[
            { header: 'Name', cell: (service) => <ServiceModelLink service={service} /> },
            { header: 'Started', cell: (service) => formatDateTime(service.started) },
            { header: 'Ended', cell: (service) => formatDateTime(service.ended) },
            { header: 'Active duration', cell: (service) => (service.ended ? formatDuration(seconds(service.started, service.ended, now)) : 'n/a') },
            { header: 'Process identifier', cell: (service) => <ProcessId id={service.model_proc_id} /> },
            { header: 'Status', cell: (service) => <StatusBadge status={service.status} /> },
          ]}
          empty="No service has ended yet."
          isPending={history.isPending}
          isError={history.isError}
        />
      </Stack>
      {isStaff && <AllServices />}
      <StopServiceDialog
        name={stopping?.name ?? ''}
        isOpened={stopping !== null}
        isPending={change.isPending}
        onConfirm={() => stopping && stop(stopping)}
        onClose={() => setStopping(null)}
      />
    </Stack>
  );
}

/** Spec 2 "Resources Usage" Ordered Datasets, with a Dataset Details link. */
function OrderedDatasets() {
  const usage = useDatasetUsage();
  useReportError(usage.error, usage.errorUpdatedAt, 'Backend');
  const rows = usage.data ?? [];
  return (
    <UsageTable
      label="Ordered datasets"
      minWidth={760}
      rows={rows}
      rowKey={(record) => record.external_reference}
      columns={[
        {
          header: 'Dataset',
          cell: (record) => (
            <Text span inherit fw={500}>
              {record.title}
            </Text>
          ),
        },
        { header: 'Version', cell: (record) => record.catalogue_item_version },
        { header: 'Publisher', cell: (record) => record.owner_id },
        { header: 'Licence', cell: (record) => record.resource_license ?? 'not specified' },
        { header: 'Ordered', isNowrap: true, cell: (record) => formatDateTime(record.datetime_start) },
        { header: 'Status', cell: (record) => <StatusBadge status={record.status} /> },
        {
          header: 'Actions',
          isHeaderHidden: true,
          cell: (record) => (
            <Button
              component={Link}
              to={routePath('catalogueDatasetDetail', { id: record.catalogue_collection_id, datasetId: record.catalogue_item_id })}
              size="compact-sm"
              variant="default"
            >
              Dataset Details
            </Button>
          ),
        },
      ]}
      empty="You have not ordered a dataset yet."
      isPending={usage.isPending}
      isError={usage.isError}
    />
  );
}

/** /resources (spec 2 "Resources Usage"; signed in): what the caller used of the models and datasets of the catalogue. */
export function ResourcesPage() {
  return (
    <Container size="xl" py="xl">
      <Stack gap="md">
        <Title order={2}>Resources Usage</Title>
        <Paper withBorder radius="md" p="lg">
          <Tabs defaultValue="executions" keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="executions">Dynamic Executions</Tabs.Tab>
              <Tabs.Tab value="services">Models as Services</Tabs.Tab>
              <Tabs.Tab value="datasets">Ordered Datasets</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="executions">
              <DynamicExecutions />
            </Tabs.Panel>
            <Tabs.Panel value="services">
              <ModelsAsServices />
            </Tabs.Panel>
            <Tabs.Panel value="datasets">
              <OrderedDatasets />
            </Tabs.Panel>
          </Tabs>
        </Paper>
      </Stack>
    </Container>
  );
}
