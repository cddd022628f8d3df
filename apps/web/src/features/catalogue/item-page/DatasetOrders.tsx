import { itemLicenceUrl, MODEL_TERMS_FEATURE, NOTIFY_MS, type DatasetOrder, type StacItem } from '@asb/contracts';
import { Alert, Anchor, Badge, Button, Code, Group, Loader, Progress, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconShoppingCart } from '@tabler/icons-react';
import { handleError } from '../../../app/api/error-handler';
import { useAuth } from '../../../app/auth/auth-context';
import { saveBlob } from '../../../ui/download';
import { formatDateTime } from '../../../ui/formatDateTime';
import { StatusBadge } from '../../../ui/StatusBadge';
import { TermsCheckbox } from '../../../ui/TermsCheckbox';
import { useDatasetOrders, useOrderDataset } from '../api/dataset-orders';
import { useTermsGate } from '../api/terms';
import { apiFetchBlob } from '../../../app/api/http';
import { Empty } from './Empty';
import { countOf } from '../../../ui/plural';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 2 : 1)} MB`;

/** A file of an order, downloaded with the caller's token. */
async function download(href: string, name: string): Promise<void> {
  try {
    saveBlob(await apiFetchBlob(href), name);
  } catch (error) {
    handleError(error, 'Backend');
  }
}

/**
 * "Order this dataset" (spec 3 §2 Dataset detail, developers): its files are copied into the
 * caller's datastore; with the aiopen-tcs feature its licence's terms must be accepted first
 * (spec 3 §5, the rule of Execute model).
 */
export function OrderDatasetButton({ collection, item }: { collection: string; item: StacItem }) {
  const order = useOrderDataset(collection, item.id);
  const { instance } = useAuth();
  const terms = useTermsGate(itemLicenceUrl(item), (instance?.theme_features ?? []).includes(MODEL_TERMS_FEATURE));
  return (
    <Stack gap={6} align="flex-end">
      {/* not Mantine's `loading`: its spinner slides over the label and cuts it; the label says what is going on instead */}
      <Button
        leftSection={order.isPending ? <Loader size={14} color="gray" /> : <IconShoppingCart size={16} />}
        disabled={terms.isBlocking || order.isPending}
        onClick={() =>
          order.mutate(undefined, {
            onSuccess: (answer) =>
              notifications.show({ message: `Ordering ${answer.data.title}: its files go to ${answer.data.path}`, color: 'green', autoClose: NOTIFY_MS.short }),
            onError: (error) => handleError(error, 'Backend'),
          })
        }
      >
        {order.isPending ? 'Ordering this dataset…' : 'Order this dataset'}
      </Button>
      {terms.isRequired && <TermsCheckbox {...terms.checkbox} subject="dataset" />}
    </Stack>
  );
}

/** The Dataset Usage tab (signed in): the caller's past orders by datetime_start, formatted, with progress and files. */
export function DatasetUsagePanel({ item }: { item: StacItem }) {
  const orders = useDatasetOrders(item.collection ?? '', item.id, true);
  if (orders.isPending) return <Empty>Reading your orders…</Empty>;
  if (orders.isError) return <Empty>Something went wrong while fetching your orders of this dataset.</Empty>;
  if (orders.data.length === 0) return <Empty>You have not ordered this dataset yet.</Empty>;
  return (
    <Stack gap="md">
      {orders.data.map((order) => (
        <OrderRow key={order.id} order={order} />
      ))}
    </Stack>
  );
}

function OrderRow({ order }: { order: DatasetOrder }) {
  const bytes = order.files.reduce((sum, file) => sum + file.size, 0);
  return (
    <Stack gap={6} data-order={order.id} aria-label={`Order of ${formatDateTime(order.datetime_start)}`} component="section">
      <Group gap="sm">
        <Text fw={600}>{formatDateTime(order.datetime_start)}</Text>
        <StatusBadge status={order.status} />
        <Badge variant="light" color="gray" tt="none">
          {countOf(order.files.length, 'file')} · {megabytes(bytes)}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        In your datastore: <Code>{order.path}</Code>
      </Text>
      {order.status === 'running' && <Progress value={Math.round(order.progress * 100)} aria-label="Order progress" animated />}
      {order.error && (
        <Alert color="red" variant="light">
          {order.error}
        </Alert>
      )}
      {order.status === 'success' && (
        <Table verticalSpacing={4} aria-label={`Files of the order of ${formatDateTime(order.datetime_start)}`}>
          <Table.Tbody>
            {order.files.map((file) => (
              <Table.Tr key={file.path}>
                <Table.Td>
                  <Anchor
                    size="sm"
                    href={file.href}
                    onClick={(event) => {
                      event.preventDefault();
                      void download(file.href, file.path);
                    }}
                  >
                    {file.path}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {file.asset}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm">{megabytes(file.size)}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
