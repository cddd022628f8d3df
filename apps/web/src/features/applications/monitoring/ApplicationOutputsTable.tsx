import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { isExecutionFileUrl, type ExecutionTaskAttributes } from '@asb/contracts';
import { IconDownload, IconMap } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { handleError } from '../../../app/api/error-handler';
import { saveBlob } from '../../../ui/download';
import { fetchOutputFile } from '../../executions/api/execution';
import { isGeoTiff, isPng, outputEntries, outputHref } from './execution-view';
import { PngPreview } from './PngPreview';

// OpenLayers loads only when a map preview is opened
const GeoTiffPreviewModal = lazy(() => import('./GeoTiffPreviewModal').then((module) => ({ default: module.GeoTiffPreviewModal })));

const fileName = (href: string) =>
  decodeURIComponent(
    href
      .replace(/[?#].*$/s, '')
      .split('/')
      .pop() || 'output',
  );

async function download(href: string) {
  try {
    saveBlob(await fetchOutputFile(href), fileName(href));
  } catch (error) {
    handleError(error, 'Backend');
  }
}

/**
 * Spec 3 §2 outputs table: each output's id, kind and value; a storage link is rewritten to
 * the file-hosting URL (outputHref), a .png is previewed, a GeoTIFF of the portal's
 * datastore can be previewed on a map, and a file of the datastore downloaded.
 */
export function ApplicationOutputsTable({ executionId, results }: { executionId: string; results: ExecutionTaskAttributes['executionResults'] }) {
  const [preview, setPreview] = useState<{ url: string; title: string } | null>(null);
  const entries = outputEntries(results);
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No outputs
      </Text>
    );
  }
  return (
    <>
      <Table verticalSpacing={6} aria-label="Outputs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Output</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Value</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry, index) => {
            const href = outputHref(entry.value, executionId, results?.S3OutputsPath);
            const isOwnFile = href !== undefined && isExecutionFileUrl(href);
            const name = entry.name ?? (href ? fileName(href) : entry.value);
            return (
              <Table.Tr key={`${entry.id}.${index}`} data-output={entry.id}>
                <Table.Td ff="monospace" style={{ verticalAlign: 'top' }}>
                  {entry.id}
                </Table.Td>
                <Table.Td style={{ verticalAlign: 'top' }}>
                  <Badge variant="light" tt="none">
                    {entry.kind}
                  </Badge>
                </Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>
                  <Stack gap={6} align="flex-start">
                    {href && entry.kind !== 'Directory' ? (
                      <Anchor
                        href={href}
                        size="sm"
                        target="_blank"
                        rel="noreferrer"
                        onClick={(event) => {
                          // the portal's own files need the caller's token: download them through the API
                          if (!isOwnFile) return;
                          event.preventDefault();
                          void download(href);
                        }}
                      >
                        {name}
                      </Anchor>
                    ) : (
                      <Text size="sm" ff={entry.kind === 'value' ? 'monospace' : undefined}>
                        {entry.value || '—'}
                      </Text>
                    )}
                    {href && isPng(href) && <PngPreview href={href} alt={`Preview of ${entry.id} (${name})`} />}
                    {isOwnFile && (
                      <Group gap={6}>
                        {isGeoTiff(href) && (
                          <Button size="compact-xs" variant="light" leftSection={<IconMap size={14} />} onClick={() => setPreview({ url: href, title: name })}>
                            Preview
                          </Button>
                        )}
                        {entry.kind === 'File' && (
                          <Button size="compact-xs" variant="default" leftSection={<IconDownload size={14} />} onClick={() => void download(href)}>
                            Download
                          </Button>
                        )}
                      </Group>
                    )}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {preview && (
        <Suspense fallback={null}>
          <GeoTiffPreviewModal url={preview.url} title={preview.title} onClose={() => setPreview(null)} />
        </Suspense>
      )}
    </>
  );
}
