import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconDots, IconShare, IconTrash } from '@tabler/icons-react';
import type { RowState } from './row-state';

export interface RowMenuProps {
  state: RowState;
  /** e.g. 'workspaces', for the disabled-share tooltip */
  plural: string;
  onArchive?(): void;
  onUnarchive?(): void;
  onShare?(): void;
  onDelete?(): void;
}

/** The entries the server's computed permissions allow; nothing when none does. */
export function RowMenu({ state, plural, onArchive, onUnarchive, onShare, onDelete }: RowMenuProps) {
  const { permissions, isArchived } = state;
  const canArchive = permissions.change && (isArchived ? onUnarchive : onArchive);
  const canShare = permissions.change && onShare;
  const canDelete = permissions.delete && onDelete;
  if (!canArchive && !canShare && !canDelete) return null;
  const shareTooltip = `Sharing is disabled for archived ${plural}`;
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${state.identifier}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {canArchive &&
          (isArchived ? (
            <Menu.Item leftSection={<IconArchiveOff size={16} />} onClick={onUnarchive}>
              Unarchive
            </Menu.Item>
          ) : (
            <Menu.Item leftSection={<IconArchive size={16} />} onClick={onArchive}>
              Archive
            </Menu.Item>
          ))}
        {canShare && (
          <Tooltip label={shareTooltip} disabled={!isArchived} position="left" withArrow>
            {/* a disabled item gets no pointer events, so the tooltip sits on a wrapper */}
            <div>
              <Menu.Item leftSection={<IconShare size={16} />} onClick={onShare} disabled={isArchived || !permissions.share}>
                Share
              </Menu.Item>
            </div>
          </Tooltip>
        )}
        {canDelete && (
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
            Delete
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
