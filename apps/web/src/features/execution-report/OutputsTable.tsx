import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { executionOutputRows, type ExecutionResults } from '@asb/contracts';
import { IconDownload, IconMap } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { handleError } from '../../app/api/error-handler';
import { saveBlob } from '../../ui/download';
import { fetchOutputFile } from '../executions/api/execution';
import { datastoreFileName, isDatastoreFile } from './datastore-file';
import type { PreviewTarget } from './MapPreviewModal';
import { ReportEmpty, ReportSection } from './ReportSection';

// OpenLayers loads only when a preview is opened
const MapPreviewModal = lazy(() => import('./MapPreviewModal').then((module) => ({ default: module.MapPreviewModal })));

const PREVIEWABLE_TYPES = new Set(['geotiff', 'cog']);

async function download(url: string) {
  try {
    saveBlob(await fetchOutputFile(url), datastoreFileName(url));
  } catch (error) {
    handleError(error, 'builder');
  }
}

/** Spec 1 §2 Outputs table: task_id, key, type, value, actions (Preview on a map and Download for GeoTIFF outputs). */
export function OutputsTable({ executionResults }: { executionResults: ExecutionResults | null }) {
  const [preview, setPreview] = useState<PreviewTarget | null>(null);
  const rows = executionOutputRows(executionResults);
  return (
    <ReportSection title="Outputs">
      {rows.length === 0 ? (
        <ReportEmpty text="No outputs" />
      ) : (
        <Table verticalSpacing={4} aria-label="Outputs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>task_id</Table.Th>
              <Table.Th>key</Table.Th>
              <Table.Th>type</Table.Th>
              <Table.Th>value</Table.Th>
              <Table.Th>actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const isFile = isDatastoreFile(row.value);
              const canPreview = isFile && PREVIEWABLE_TYPES.has(row.type);
              return (
                <Table.Tr key={`${row.taskId}.${row.key}`} data-output={`${row.taskId}.${row.key}`}>
                  <Table.Td ff="monospace">{row.taskId}</Table.Td>
                  <Table.Td>{row.key}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" tt="none">
                      {row.typeLabel || row.type}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>
                    <Text size="sm" lineClamp={3}>
                      {isFile ? datastoreFileName(row.value) : row.value}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      {canPreview && (
                        <Button
                          size="compact-xs"
                          variant="light"
                          leftSection={<IconMap size={14} />}
                          onClick={() => setPreview({ url: row.value, title: `${row.taskId}.${row.key}` })}
                        >
                          Preview
                        </Button>
                      )}
                      {isFile && (
                        <Button size="compact-xs" variant="default" leftSection={<IconDownload size={14} />} onClick={() => void download(row.value)}>
                          Download
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {preview && (
        <Suspense fallback={null}>
          <MapPreviewModal target={preview} onClose={() => setPreview(null)} />
        </Suspense>
      )}
    </ReportSection>
  );
}
