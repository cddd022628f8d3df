import { Alert, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { MAX_UPLOAD_BYTES, WRAPPER_FILE } from '@asb/contracts';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { handleError } from '../../../../app/api/error-handler';
import { deleteBucketFiles, useBucketFiles, useBucketProperties } from '../../api/bucket-content';
import { bucketContentKey } from '../../api/keys';
import { useReportError } from '../../../../app/api/use-report-error';
import { DeleteFileDialog } from './DeleteFileDialog';
import { DropZone } from './DropZone';
import { buildFileTree, countFiles } from './file-tree';
import { FileTree } from './FileTree';
import { UploadList } from './UploadList';
import { useUploads } from './use-uploads';
import { countOf } from '../../../../ui/plural';

const LIMIT_HINT = `At most ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB per file`;

function WrapperState({ bucketId, canModify }: { bucketId: string; canModify: boolean }) {
  const properties = useBucketProperties(bucketId);
  const wrapper = properties.data?.wrapper;
  if (!wrapper) return null;
  if (wrapper.error) {
    return (
      <Alert color="red" variant="light" title={`${WRAPPER_FILE} cannot be read`}>
        <Text size="xs" ff="monospace" style={{ whiteSpace: 'pre-wrap' }}>
          {wrapper.error}
        </Text>
      </Alert>
    );
  }
  if (wrapper.detected) {
    return (
      <Group gap={6}>
        <IconCircleCheck size={18} color="var(--mantine-color-teal-6)" />
        <Text size="sm" fw={500} c="teal.8">
          Wrapper detected
        </Text>
      </Group>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      {canModify ? `No wrapper yet: upload a ${WRAPPER_FILE} (the Wrapper Generator makes one).` : `No ${WRAPPER_FILE} in this version.`}
    </Text>
  );
}

/** Files tab: upload (with progress per file), the file tree with delete, and whether a wrapper was found. */
export function FilesTab({ bucketId, canModify }: { bucketId: string; canModify: boolean }) {
  const queryClient = useQueryClient();
  const files = useBucketFiles(bucketId);
  useReportError(files.error, files.errorUpdatedAt);
  const uploads = useUploads(bucketId);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const entries = useMemo(() => buildFileTree(files.data ?? []), [files.data]);

  const remove = async (path: string) => {
    setIsDeleting(true);
    try {
      await deleteBucketFiles(bucketId, [path]);
      setToDelete(null);
    } catch (error) {
      handleError(error);
    } finally {
      setIsDeleting(false);
      await queryClient.invalidateQueries({ queryKey: bucketContentKey(bucketId) });
    }
  };

  return (
    <Stack gap="md">
      {canModify && <DropZone onFiles={(chosen) => void uploads.upload(chosen)} hint={LIMIT_HINT} />}
      <UploadList items={uploads.items} onClear={uploads.clearFinished} />
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconInfoCircle size={16} color="var(--mantine-color-dimmed)" style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm" c="dimmed">
          Folders bundled in tar archives are decompressed during the build.
        </Text>
      </Group>
      <WrapperState bucketId={bucketId} canModify={canModify} />
      <Paper withBorder radius="md" p="sm">
        {files.isPending && (
          <Group gap="xs" justify="center" py="md">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Fetching files...
            </Text>
          </Group>
        )}
        {files.isError && (
          <Text size="sm" c="red" ta="center" py="md">
            Something went wrong while fetching files
          </Text>
        )}
        {files.isSuccess && entries.length === 0 && (
          <Text size="sm" c="dimmed" ta="center" py="md">
            No files found
          </Text>
        )}
        {files.isSuccess && entries.length > 0 && (
          <Stack gap={4}>
            <Text size="xs" c="dimmed">
              {countOf(countFiles(entries), 'file')}
            </Text>
            {/* keyed by the file list so that new folders open too */}
            <FileTree key={files.dataUpdatedAt} entries={entries} onDelete={canModify ? (entry) => setToDelete(entry.id) : undefined} />
          </Stack>
        )}
      </Paper>
      <DeleteFileDialog path={toDelete} isPending={isDeleting} onConfirm={(path) => void remove(path)} onClose={() => setToDelete(null)} />
    </Stack>
  );
}
