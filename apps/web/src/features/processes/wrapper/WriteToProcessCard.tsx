import { NOTIFY_MS, WRAPPER_FILE } from '@asb/contracts';
import { Button, Card, Group, Select, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFilePlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { handleError } from '../../../app/api/error-handler';
import { useReportError } from '../../../app/api/use-report-error';
import { routePath } from '../../../app/routes';
import { BUCKETS_KEY } from '../api/keys';
import { useChangeableProcesses } from '../api/processes';
import { writeWrapperVersion } from './write-wrapper-version';

/** Besides the download: the wrapper written into a new unreleased version of a chosen process, which then opens. */
export function WriteToProcessCard({ code, isValid }: { code: string; isValid: boolean }) {
  const processes = useChangeableProcesses();
  useReportError(processes.error, processes.errorUpdatedAt, 'knowledge');
  const [processId, setProcessId] = useState<string | null>(null);
  const [isWriting, setIsWriting] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const options = (processes.data ?? []).map((row) => ({ value: row.id, label: `${row.attributes.ownerId} / ${row.attributes.label}` }));

  const write = async () => {
    if (!processId) return;
    setIsWriting(true);
    try {
      const bucketId = await writeWrapperVersion(processId, code);
      await queryClient.invalidateQueries({ queryKey: BUCKETS_KEY });
      notifications.show({ message: `${WRAPPER_FILE} written into a new unreleased version`, color: 'green', autoClose: NOTIFY_MS.short });
      void navigate(`${routePath('process', { id: processId })}?bucket=${encodeURIComponent(bucketId)}`);
    } catch (error) {
      handleError(error, 'knowledge');
      setIsWriting(false);
    }
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb={4}>
        Write into a process
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Creates a new unreleased version of the chosen process with this {WRAPPER_FILE}, ready to build.
      </Text>
      <Group align="flex-end" gap="sm">
        <Select
          label="Process"
          placeholder={processes.isPending ? 'Loading processes…' : 'Choose a process'}
          data={options}
          value={processId}
          onChange={setProcessId}
          searchable
          nothingFoundMessage="No process you can change"
          style={{ flex: 1 }}
          comboboxProps={{ withinPortal: true }}
        />
        <Button leftSection={<IconFilePlus size={16} />} onClick={() => void write()} disabled={!processId || !isValid} loading={isWriting}>
          Write to a new version
        </Button>
      </Group>
      {!isValid && (
        <Text size="xs" c="red" mt={6}>
          Correct the fields marked in red first.
        </Text>
      )}
    </Card>
  );
}
