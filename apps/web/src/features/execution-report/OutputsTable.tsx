import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconMap } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { handleError } from '../../app/api/error-handler';
import { saveBlob } from '../../ui/download';
import { fetchOutputFile } from '../executions/api/execution';
import type { PreviewTarget } from './MapPreviewModal';
import { fileName, isOwnFile, isPng, type OutputHeaders, type OutputRow } from './output-row';
import { PngPreview } from './PngPreview';
import { ReportEmpty, ReportSection } from './ReportSection';

// OpenLayers loads only when a preview is opened
const MapPreviewModal = lazy(() => import('./MapPreviewModal').then((module) => ({ default: module.MapPreviewModal })));

async function download(href: string, service: string) {
  try {
    saveBlob(await fetchOutputFile(href), fileName(href));
  } catch (error) {
    handleError(error, service);
  }
}

/** The value: a file opens (the portal's own through the API, with the caller's token), else the text; a .png is previewed (spec 3 §2). */
function OutputValue({ row, service }: { row: OutputRow; service: string }) {
  const { href } = row;
  const text = row.name ?? row.value;
  return (
    <Stack gap={6} align="flex-start">
      {href && !row.isDirectory ? (
        <Anchor
          href={href}
          size="sm"
          target="_blank"
          rel="noreferrer"
          onClick={(event) => {
            if (!isOwnFile(href)) return;
            event.preventDefault();
            void download(href, service);
          }}
        >
          {text}
        </Anchor>
      ) : (
        <Text size="sm" lineClamp={3} ff={row.type === 'value' ? 'monospace' : undefined}>
          {row.value || '—'}
        </Text>
      )}
      {href && isPng(href) && <PngPreview href={href} alt={`Preview of ${row.key} (${text})`} />}
    </Stack>
  );
}

/**
 * The outputs of an execution of any kind: spec 1 §2 (task_id, key, type, value, actions;
 * GeoTIFF outputs Preview on a map and Download; 'No outputs') and spec 3 §2 (storage links
 * rewritten to the file route, .png outputs previewed).
 */
export function OutputsTable({ rows, headers, service }: { rows: OutputRow[]; headers: OutputHeaders; service: string }) {
  const [preview, setPreview] = useState<PreviewTarget | null>(null);
  return (
    <ReportSection title="Outputs">
      {rows.length === 0 ? (
        <ReportEmpty text="No outputs" />
      ) : (
        <Table verticalSpacing={4} aria-label="Outputs">
          <Table.Thead>
            <Table.Tr>
              {headers.taskId !== undefined && <Table.Th>{headers.taskId}</Table.Th>}
              <Table.Th>{headers.key}</Table.Th>
              <Table.Th>{headers.type}</Table.Th>
              <Table.Th>{headers.value}</Table.Th>
              <Table.Th aria-label={headers.actions ? undefined : 'Actions'}>{headers.actions}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              // a .png preview makes its row tall: every cell starts at the top
              <Table.Tr key={`${row.id}.${index}`} data-output={row.id} style={{ verticalAlign: 'top' }}>
                {headers.taskId !== undefined && <Table.Td ff="monospace">{row.taskId}</Table.Td>}
                <Table.Td ff={headers.taskId === undefined ? 'monospace' : undefined}>{row.key}</Table.Td>
                <Table.Td>
                  <Badge variant="light" tt="none">
                    {row.type}
                  </Badge>
                </Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>
                  <OutputValue row={row} service={service} />
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    {row.canPreviewOnMap && (
                      <Button
                        size="compact-xs"
                        variant="light"
                        leftSection={<IconMap size={14} />}
                        onClick={() => setPreview({ url: row.href!, title: row.title })}
                      >
                        Preview
                      </Button>
                    )}
                    {isOwnFile(row.href) && !row.isDirectory && (
                      <Button size="compact-xs" variant="default" leftSection={<IconDownload size={14} />} onClick={() => void download(row.href!, service)}>
                        Download
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
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
