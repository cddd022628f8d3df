import { Alert, Button, Code, Group, Modal, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../app/api/http';
import { fieldErrorsOf } from '../../../app/api/error-handler';
import type { ListRow } from '../../../ui/resource-list';
import { AUDIT_KEY, changeResource, type AdminRow } from '../api/admin';

/** Attributes every resource has that a change never sets (the server computes them). */
const READ_ONLY = new Set(['identifier', 'slug', 'ownerId', 'isArchived', 'createdAt', 'updatedAt', 'workspaces', 'permissions']);

/** The row's own attributes as editable JSON. */
const editableAttributes = (attributes: AdminRow) => Object.fromEntries(Object.entries(attributes).filter(([key]) => !READ_ONLY.has(key)));

/**
 * Edit one resource in the admin: its attributes as JSON, sent as they are; the server applies the
 * type's own validation (the same as its API) and writes the change to the audit log.
 */
export function EditResourceModal({ type, row, onClose }: { type: string; row: ListRow<AdminRow>; onClose(): void }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState(() => JSON.stringify(editableAttributes(row.attributes), null, 2));
  const [errors, setErrors] = useState<string[]>([]);
  const [isSaving, setIsSaving] = useState(false);
  const save = async () => {
    let attributes: Record<string, unknown>;
    try {
      attributes = JSON.parse(text) as Record<string, unknown>;
    } catch {
      setErrors(['The attributes must be valid JSON.']);
      return;
    }
    setIsSaving(true);
    try {
      await changeResource(type, row.id, attributes);
      notifications.show({ message: `${type} #${row.id} updated`, color: 'green' });
      await queryClient.invalidateQueries({ queryKey: ['/admin/v1'] });
      await queryClient.invalidateQueries({ queryKey: AUDIT_KEY });
      onClose();
    } catch (error) {
      // a 400 names its fields (the type's validation); anything else says what it is
      const fields = fieldErrorsOf(error);
      const detail = error instanceof ApiError && error.body && typeof error.body === 'object' ? (error.body as { detail?: string }).detail : undefined;
      setErrors(
        fields
          ? Object.entries(fields).map(([field, message]) => `${field}: ${message}`)
          : [detail ?? (error instanceof Error ? error.message : String(error))],
      );
    } finally {
      setIsSaving(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Edit ${type} #${row.id}`} size="xl">
      <Stack>
        <Text size="sm">
          <Code>{row.attributes.identifier}</Code> of {row.attributes.ownerId}
        </Text>
        {errors.length > 0 && (
          <Alert color="red" title="Failed with the following errors">
            {errors.map((error) => (
              <Text key={error} size="sm">
                {error}
              </Text>
            ))}
          </Alert>
        )}
        <ScrollArea.Autosize mah={420}>
          <Textarea
            label="Attributes"
            description="Sent as they are: the type's own rules apply"
            autosize
            minRows={8}
            ff="monospace"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
          />
        </ScrollArea.Autosize>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={isSaving}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
