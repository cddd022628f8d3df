import { ActionIcon, Badge, Button, FileButton, Group, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconArrowBackUp, IconArrowForwardUp, IconDeviceFloppy, IconDownload, IconLayoutDistributeVertical, IconTrash, IconUpload } from '@tabler/icons-react';

interface EditorToolbarProps {
  version: number;
  isReadOnly: boolean;
  isDirty: boolean;
  isSaving: boolean;
  canUndo: boolean;
  canRedo: boolean;
  hasSelection: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onLayout: () => void;
  onDeleteSelection: () => void;
  onImport: (file: File | null) => void;
  onExport: () => void;
  onSave: () => void;
}

function IconButton({
  label,
  hint,
  disabled,
  onClick,
  children,
}: {
  label: string;
  hint: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={hint} withArrow>
      <ActionIcon variant="default" size="lg" aria-label={label} disabled={disabled} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** Undo, redo, layout, delete, import, export and save, with whether there is something to save. */
export function EditorToolbar(props: EditorToolbarProps) {
  const { isReadOnly } = props;
  return (
    <Group justify="space-between" gap="xs" role="toolbar" aria-label="Workflow editor">
      <Group gap={6}>
        {!isReadOnly && (
          <>
            <IconButton label="Undo" hint="Undo (Ctrl+Z)" disabled={!props.canUndo} onClick={props.onUndo}>
              <IconArrowBackUp size={18} />
            </IconButton>
            <IconButton label="Redo" hint="Redo (Ctrl+Shift+Z)" disabled={!props.canRedo} onClick={props.onRedo}>
              <IconArrowForwardUp size={18} />
            </IconButton>
            <IconButton
              label="Delete selected"
              hint="Delete the selected nodes and connections (Delete)"
              disabled={!props.hasSelection}
              onClick={props.onDeleteSelection}
            >
              <IconTrash size={18} />
            </IconButton>
            <Button variant="default" leftSection={<IconLayoutDistributeVertical size={16} />} onClick={props.onLayout}>
              Auto layout
            </Button>
          </>
        )}
      </Group>
      <Group gap={6}>
        {isReadOnly || !props.isDirty ? (
          <Badge variant="light" color="gray" tt="none">
            Version {props.version}
          </Badge>
        ) : (
          <Badge variant="light" color="yellow" tt="none">
            Unsaved changes
          </Badge>
        )}
        {!isReadOnly && (
          <FileButton onChange={props.onImport} accept=".yaml,.yml,.json,application/yaml,application/json" inputProps={{ 'aria-label': 'Import file' }}>
            {(button) => (
              <Button variant="default" leftSection={<IconUpload size={16} />} onClick={button.onClick}>
                Import
              </Button>
            )}
          </FileButton>
        )}
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={props.onExport}>
          Export
        </Button>
        {!isReadOnly && (
          <Button leftSection={<IconDeviceFloppy size={16} />} loading={props.isSaving} onClick={props.onSave}>
            Save
          </Button>
        )}
      </Group>
    </Group>
  );
}
