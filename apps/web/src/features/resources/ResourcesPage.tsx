import type { ModelServiceItem, UsageRecord } from '@asb/contracts';
import { NOTIFY_MS } from '@asb/contracts';
import { Anchor, Button, Code, Container, Group, Loader, Paper, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconExternalLink, IconPlayerStop, IconReport } from '@tabler/icons-react';
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

const seconds = (from: string, to: string | null, now: number) => ((to ? Date.parse(to) : now) - Date.parse(from)) / 1000;

/** A table's state when it has no rows: loading, failed, or empty. */
function EmptyRow({ columns, isPending, isError, empty }: { columns: number; isPending: boolean; isError: boolean; empty: string }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns} ta="center" py="lg">
        {isPending ? <Loader size="sm" aria-label="Loading" /> : <Text c="dimmed">{isError ? 'Something went wrong while fetching them' : empty}</Text>}
      </Table.Td>
    </Table.Tr>
  );
}

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
      <Table.ScrollContainer minWidth={860} type="native">
        <Table verticalSpacing="sm" aria-label="Dynamic executions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Model</Table.Th>
              <Table.Th>Version</Table.Th>
              <Table.Th>Publisher</Table.Th>
              <Table.Th>Started</Table.Th>
              <Table.Th>Duration</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th aria-label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((record) => (
              <Table.Tr key={record.external_reference}>
                <Table.Td>
                  <ModelLink record={record} />
                </Table.Td>
                <Table.Td>{record.catalogue_item_version}</Table.Td>
                <Table.Td>{record.owner_id}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(record.datetime_start)}</Table.Td>
                <Table.Td>{record.datetime_end ? formatDuration(seconds(record.datetime_start, record.datetime_end, 0)) : 'n/a'}</Table.Td>
                <Table.Td>
                  <StatusBadge status={record.status} />
                </Table.Td>
                <Table.Td>
                  {record.external_reference && (
                    <Button
                      component={Link}
                      to={routePath('modelReport', { id: record.external_reference })}
                      size="compact-sm"
                      variant="light"
                      leftSection={<IconReport size={14} />}
                    >
                      Execution Report
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
            {rows.length === 0 && <EmptyRow columns={7} isPending={usage.isPending} isError={usage.isError} empty="You have not executed a model yet." />}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
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
  const ended = (history.data ?? []).filter((service) => service.status === 'undeployed');
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
      <Table.ScrollContainer minWidth={960} type="native">
        <Table verticalSpacing="sm" aria-label="Running services">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Start time</Table.Th>
              <Table.Th>Active duration</Table.Th>
              <Table.Th>Process identifier</Table.Th>
              <Table.Th miw={110}>Status</Table.Th>
              <Table.Th>Endpoint</Table.Th>
              <Table.Th aria-label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {running.map((service) => (
              <Table.Tr key={service.model_proc_id}>
                <Table.Td>
                  <ModelLink record={{ title: service.name, catalogue_collection_id: service.collection, catalogue_item_id: service.id }} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(service.started)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDuration(seconds(service.started, null, now))}</Table.Td>
                <Table.Td>
                  <Code>{service.model_proc_id}</Code>
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={service.status} />
                </Table.Td>
                <Table.Td>
                  {service.model_proc_url ? (
                    <Anchor href={service.model_proc_url} target="_blank" rel="noreferrer" size="sm">
                      <Group gap={4} wrap="nowrap">
                        Open endpoint <IconExternalLink size={14} />
                      </Group>
                    </Anchor>
                  ) : (
                    <Text size="sm" c="dimmed">
                      not yet
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      component={Link}
                      to={routePath('catalogueModelDetail', { id: service.collection, modelId: service.id })}
                      size="compact-sm"
                      variant="default"
                    >
                      Model Details
                    </Button>
                    <Button size="compact-sm" color="red" variant="light" leftSection={<IconPlayerStop size={14} />} onClick={() => setStopping(service)}>
                      Stop the Service
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
            {running.length === 0 && <EmptyRow columns={7} isPending={started.isPending} isError={started.isError} empty="No model runs as a service." />}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap={4}>
        <Title order={4}>History</Title>
        <Table verticalSpacing="xs" aria-label="Services history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Started</Table.Th>
              <Table.Th>Ended</Table.Th>
              <Table.Th>Active duration</Table.Th>
              <Table.Th>Process identifier</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ended.map((service) => (
              <Table.Tr key={service.model_proc_id}>
                <Table.Td>
                  <ModelLink record={{ title: service.name, catalogue_collection_id: service.collection, catalogue_item_id: service.id }} />
                </Table.Td>
                <Table.Td>{formatDateTime(service.started)}</Table.Td>
                <Table.Td>{formatDateTime(service.ended)}</Table.Td>
                <Table.Td>{formatDuration(seconds(service.started, service.ended, now))}</Table.Td>
                <Table.Td>
                  <Code>{service.model_proc_id}</Code>
                </Table.Td>
              </Table.Tr>
            ))}
            {ended.length === 0 && <EmptyRow columns={5} isPending={history.isPending} isError={history.isError} empty="No service has ended yet." />}
          </Table.Tbody>
        </Table>
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
    <Table.ScrollContainer minWidth={760} type="native">
      <Table verticalSpacing="sm" aria-label="Ordered datasets">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Dataset</Table.Th>
            <Table.Th>Version</Table.Th>
            <Table.Th>Publisher</Table.Th>
            <Table.Th>Licence</Table.Th>
            <Table.Th>Ordered</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((record) => (
            <Table.Tr key={record.external_reference}>
              <Table.Td fw={500}>{record.title}</Table.Td>
              <Table.Td>{record.catalogue_item_version}</Table.Td>
              <Table.Td>{record.owner_id}</Table.Td>
              <Table.Td>{record.resource_license ?? 'not specified'}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(record.datetime_start)}</Table.Td>
              <Table.Td>
                <StatusBadge status={record.status} />
              </Table.Td>
              <Table.Td>
                <Button
                  component={Link}
                  to={routePath('catalogueDatasetDetail', { id: record.catalogue_collection_id, datasetId: record.catalogue_item_id })}
                  size="compact-sm"
                  variant="default"
                >
                  Dataset Details
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
          {rows.length === 0 && <EmptyRow columns={7} isPending={usage.isPending} isError={usage.isError} empty="You have not ordered a dataset yet." />}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
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
