import { Button, Group, Select, SimpleGrid, Stack } from '@mantine/core';
import { NOTIFY_MS, type ProcessBucketAttributes, type ProcessResources, type ResourceObject } from '@asb/contracts';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { handleError } from '../../../../app/api/error-handler';
import { BUCKETS_KEY, bucketContentKey } from '../../api/keys';
import { updateBucketResources } from '../../api/versions';
import { choiceOf, formatChoice, optionsOf, RESOURCE_KEYS, RESOURCE_LABELS, resourcesOf, type ResourceChoice } from '../../resources';

export interface ResourcesEditorProps {
  bucket: ResourceObject<ProcessBucketAttributes>;
  /** what a release would allocate now (the importer's effective resources) */
  current: ProcessResources;
  canModify: boolean;
}

/** The resources a release allocates, saved on the bucket (PATCH process-buckets). */
export function ResourcesEditor({ bucket, current, canModify }: ResourcesEditorProps) {
  const queryClient = useQueryClient();
  const saved = choiceOf(current);
  const [choice, setChoice] = useState<ResourceChoice>(saved);
  const [isSaving, setIsSaving] = useState(false);
  const isChanged = RESOURCE_KEYS.some((key) => choice[key] !== saved[key]);

  const save = async () => {
    setIsSaving(true);
    try {
      await updateBucketResources(bucket.id, resourcesOf(choice));
      notifications.show({ message: `Resources of version ${bucket.attributes.value} saved`, color: 'green', autoClose: NOTIFY_MS.short });
      await Promise.all([queryClient.invalidateQueries({ queryKey: BUCKETS_KEY }), queryClient.invalidateQueries({ queryKey: bucketContentKey(bucket.id) })]);
    } catch (error) {
      handleError(error, 'knowledge');
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {RESOURCE_KEYS.map((key) => (
          <Select
            key={key}
            label={RESOURCE_LABELS[key].label}
            data={optionsOf(key, choice[key]).map((value) => ({ value: String(value), label: formatChoice(key, value) }))}
            value={String(choice[key])}
            onChange={(value) => value !== null && setChoice((current) => ({ ...current, [key]: Number(value) }))}
            allowDeselect={false}
            disabled={!canModify}
            comboboxProps={{ withinPortal: true }}
          />
        ))}
      </SimpleGrid>
      {canModify && (
        <Group justify="flex-end">
          <Button variant="default" disabled={!isChanged} onClick={() => setChoice(saved)}>
            Reset
          </Button>
          <Button loading={isSaving} disabled={!isChanged} onClick={() => void save()}>
            Save resources
          </Button>
        </Group>
      )}
    </Stack>
  );
}
