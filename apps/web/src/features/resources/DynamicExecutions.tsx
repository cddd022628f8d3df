import { Anchor, Button, Stack, Text } from '@mantine/core';
import { IconReport } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useReportError } from '../../app/api/use-report-error';
import { routePath } from '../../app/routes';
import { DataTable } from '../../ui/DataTable';
import { formatDateTime } from '../../ui/formatDateTime';
import { StatusBadge } from '../../ui/StatusBadge';
import { useModelUsage } from '../catalogue/api/model-service';
import { elapsedText } from './elapsed';
import { ModelLink } from './ModelLink';
import { usageEmptyText } from './usage-empty-text';

/** Spec 2 "Resources Usage" Dynamic Executions: the caller's model executions, with links to Executions, Model Details and the report. */
export function DynamicExecutions() {
  const usage = useModelUsage();
  useReportError(usage.error, usage.errorUpdatedAt, 'Backend');
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        The models you executed. All your model executions, live, are on{' '}
        <Anchor component={Link} to={routePath('modelExecutions')} size="sm">
          Executions
        </Anchor>
        .
      </Text>
      <DataTable
        label="Dynamic executions"
        minWidth={860}
        rows={usage.data ?? []}
        rowKey={(record, index) => record.external_reference ?? index}
        columns={[
          { header: 'Model', render: (record) => <ModelLink record={record} /> },
          { header: 'Version', render: (record) => record.catalogue_item_version },
          { header: 'Publisher', render: (record) => record.owner_id },
          { header: 'Started', noWrap: true, render: (record) => formatDateTime(record.datetime_start) },
          { header: 'Duration', render: (record) => (record.datetime_end ? elapsedText(record.datetime_start, record.datetime_end) : 'n/a') },
          { header: 'Status', render: (record) => <StatusBadge status={record.status} /> },
          {
            header: 'Actions',
            isHeaderHidden: true,
            render: (record) =>
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
        emptyText={usageEmptyText(usage.isError, 'model executions', 'You have not executed a model yet.')}
        isLoading={usage.isPending}
      />
    </Stack>
  );
}
