import { Alert, Button, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';

export interface DeleteConfirmDialogProps {
  isOpened: boolean;
  /** e.g. 'workspace' */
  name: string;
  /** what the user must type (spec 1 §5) */
  identifier: string;
  /** what else deleting it removes, said under the warning */
  detail?: ReactNode;
  isPending?: boolean;
  onConfirm(): void;
  onClose(): void;
}

/** Spec 1 §5: the Delete button enables only once the exact identifier (trimmed) is typed. */
export function isDeleteConfirmed(typed: string, identifier: string): boolean {
  return typed.trim() === identifier;
}

export function DeleteConfirmDialog(props: DeleteConfirmDialogProps) {
  return (
    <Modal opened={props.isOpened} onClose={props.onClose} title={`Delete ${props.name}`}>
      {props.isOpened && <DeleteForm {...props} />}
    </Modal>
  );
}

function DeleteForm({ name, identifier, detail, isPending, onConfirm, onClose }: DeleteConfirmDialogProps) {
  const [typed, setTyped] = useState('');
  const isConfirmed = isDeleteConfirmed(typed, identifier);
  return (
    <Stack>
      <Alert color="red" variant="light">
        This permanently deletes the {name} <b>{identifier}</b>. This cannot be undone.
      </Alert>
      {detail}
      <TextInput
        label={
          <Text span size="sm">
            Type <Code>{identifier}</Code> to confirm
          </Text>
        }
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        data-autofocus
        autoComplete="off"
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color="red" disabled={!isConfirmed} loading={isPending} onClick={onConfirm}>
          Delete
        </Button>
      </Group>
    </Stack>
  );
}
