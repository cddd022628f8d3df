import { Alert, Anchor, Badge, Button, Group, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { OGC_CONFORMANCE, type AdesListEntry } from '@asb/contracts';
import { useState } from 'react';
import { useReportError } from '../../../app/api/use-report-error';
import { DeleteConfirmDialog } from '../../../ui/DeleteConfirmDialog';
import { formatDateTime } from '../../../ui/formatDateTime';
import { PageLoader } from '../../../ui/PageLoader';
import { useAdesInstances, useRefreshAdes, useUnregisterAdes } from '../api/ades';
import { RegisterAdesForm } from './RegisterAdesForm';

/** Administration > ADES Instances (spec 3 §2): register, list, refresh and delete the OGC API – Processes servers applications run on. */
export function AdesPage() {
  const instances = useAdesInstances();
  useReportError(instances.error, instances.errorUpdatedAt, 'Backend');
  const [deleting, setDeleting] = useState<AdesListEntry | undefined>();
  const unregister = useUnregisterAdes();

  return (
    <Stack gap="md">
      <Title order={2}>ADES Instances</Title>
      <Text size="sm" c="dimmed">
        OGC API – Processes servers the applications of this portal can run on (their Target Platform). The portal deploys the application package, executes it
        there and fetches its results.
      </Text>
      <RegisterAdesForm />
      {instances.isPending ? (
        <PageLoader />
      ) : (instances.data?.data.length ?? 0) === 0 ? (
        <Text c="dimmed">No ADES instance is registered.</Text>
      ) : (
        <Table striped highlightOnHover aria-label="ADES instances">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Title</Table.Th>
              <Table.Th>URL</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Checked at</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {instances.data?.data.map((instance) => (
              <AdesRow key={instance.identifier} instance={instance} onDelete={() => setDeleting(instance)} />
            ))}
          </Table.Tbody>
        </Table>
      )}
      <DeleteConfirmDialog
        isOpened={deleting !== undefined}
        name="ADES instance"
        identifier={deleting?.identifier ?? ''}
        isPending={unregister.isPending}
        onClose={() => setDeleting(undefined)}
        onConfirm={() => deleting && unregister.mutate(deleting.identifier, { onSuccess: () => setDeleting(undefined) })}
      />
    </Stack>
  );
}

function AdesRow({ instance, onDelete }: { instance: AdesListEntry; onDelete(): void }) {
  const refresh = useRefreshAdes();
  const conformsTo = instance.conformsTo ?? [];
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={500}>{instance.title}</Text>
        <Text size="xs" c="dimmed">
          {instance.identifier}
          {instance.hasToken ? ' · token stored' : ''}
        </Text>
        {instance.abstract ? <Text size="xs">{instance.abstract}</Text> : null}
      </Table.Td>
      <Table.Td>
        {instance.url ? (
          <Anchor href={instance.url} target="_blank" rel="noreferrer" size="sm">
            {instance.url}
          </Anchor>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Stack gap={4}>
          <Group gap={4}>
            <Badge color={instance.reachable ? 'green' : 'red'} variant="light">
              {instance.reachable ? 'Reachable' : 'Unreachable'}
            </Badge>
            {conformsTo.includes(OGC_CONFORMANCE.core) ? (
              <Tooltip label={`${conformsTo.length} conformance classes`}>
                <Badge variant="outline">OGC API – Processes</Badge>
              </Tooltip>
            ) : null}
            {conformsTo.includes(OGC_CONFORMANCE.deploy) ? <Badge variant="outline">Deploy (Part 2)</Badge> : null}
          </Group>
          {instance.problem ? (
            <Alert color="red" variant="light" p={6}>
              <Text size="xs">{instance.problem}</Text>
            </Alert>
          ) : null}
        </Stack>
      </Table.Td>
      <Table.Td>{formatDateTime(instance.checkedAt)}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            loading={refresh.isPending}
            onClick={() => refresh.mutate(instance.identifier)}
            aria-label={`Refresh ${instance.identifier}`}
          >
            Refresh
          </Button>
          <Button size="xs" color="red" variant="light" onClick={onDelete} aria-label={`Delete ${instance.identifier}`}>
            Delete
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
