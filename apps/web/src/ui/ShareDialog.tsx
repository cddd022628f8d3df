import { Button, Group, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { handleError } from '../app/api/error-handler';
import { useWorkspaceOptions } from './use-workspace-options';

export interface ShareDialogProps {
  isOpened: boolean;
  /** e.g. 'Share workflow' */
  title: string;
  /** ids of the workspaces the resource is shared with now */
  initialIds: string[];
  /** ids that cannot be picked (a workspace is not shared with itself) */
  excludedIds?: string[];
  onShare(workspaceIds: string[]): Promise<unknown>;
  onClose(): void;
}

/** Assigns a resource to chosen workspaces (spec 1 §6 Sharing). */
export function ShareDialog(props: ShareDialogProps) {
  return (
    <Modal opened={props.isOpened} onClose={props.onClose} title={props.title}>
      {/* mounted per opening so the selection starts from the current workspaces */}
      {props.isOpened && <ShareForm {...props} />}
    </Modal>
  );
}

function ShareForm({ initialIds, excludedIds = [], onShare, onClose }: ShareDialogProps) {
  const [selected, setSelected] = useState<string[]>(initialIds);
  const [isPending, setIsPending] = useState(false);
  const [hasFailed, setHasFailed] = useState(false);
  const options = useWorkspaceOptions();
  const data = (options.data ?? []).filter((option) => !excludedIds.includes(option.value));

  const submit = async () => {
    setIsPending(true);
    try {
      await onShare(selected);
      onClose();
    } catch (error) {
      // spec 1 §4: a failed share sets the share button to a failed variant
      setHasFailed(true);
      handleError(error);
    } finally {
      setIsPending(false);
    }
  };

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        Members of the selected workspaces get access according to their workspace role.
      </Text>
      <MultiSelect
        label="Workspaces"
        placeholder={data.length ? 'Pick workspaces' : undefined}
        data={data}
        value={selected}
        onChange={setSelected}
        searchable
        clearable
        nothingFoundMessage="No workspaces"
        disabled={options.isPending}
        comboboxProps={{ withinPortal: true }}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color={hasFailed ? 'red' : undefined} loading={isPending} onClick={() => void submit()}>
          Share
        </Button>
      </Group>
    </Stack>
  );
}
