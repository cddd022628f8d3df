import { Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useReportError } from '../../app/api/use-report-error';
import { routePath } from '../../app/routes';
import { DataTable } from '../../ui/DataTable';
import { formatDateTime } from '../../ui/formatDateTime';
import { StatusBadge } from '../../ui/StatusBadge';
import { useDatasetUsage } from '../catalogue/api/dataset-orders';
import { usageEmptyText } from './usage-empty-text';

/** Spec 2 "Resources Usage" Ordered Datasets, with a Dataset Details link. */
export function OrderedDatasets() {
  const usage = useDatasetUsage();
  useReportError(usage.error, usage.errorUpdatedAt, 'Backend');
  return (
    <DataTable
      label="Ordered datasets"
      minWidth={760}
      rows={usage.data ?? []}
      rowKey={(record, index) => record.external_reference ?? index}
      columns={[
        {
          header: 'Dataset',
          render: (record) => (
            <Text span inherit fw={500}>
              {record.title}
            </Text>
          ),
        },
        { header: 'Version', render: (record) => record.catalogue_item_version },
        { header: 'Publisher', render: (record) => record.owner_id },
        { header: 'Licence', render: (record) => record.resource_license ?? 'not specified' },
        { header: 'Ordered', noWrap: true, render: (record) => formatDateTime(record.datetime_start) },
        { header: 'Status', render: (record) => <StatusBadge status={record.status} /> },
        {
          header: 'Actions',
          isHeaderHidden: true,
          render: (record) => (
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
      emptyText={usageEmptyText(usage.isError, 'dataset orders', 'You have not ordered a dataset yet.')}
      isLoading={usage.isPending}
    />
  );
}
