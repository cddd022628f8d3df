import { ActionIcon, Button, Group, Menu } from '@mantine/core';
import { IconChevronDown, IconHammer, IconRocket } from '@tabler/icons-react';
import type { BuildKind } from '../../api/bucket-content';

export interface BuildLabels {
  build: string;
  rebuild: string;
  release: string;
}

/** Process page wording (spec 2 Build tab). */
export const PANEL_LABELS: BuildLabels = { build: 'Build', rebuild: 'Rebuild', release: 'Build & Release' };
/** Bucket page wording (spec 2: dry-run import, commit import). */
export const PAGE_LABELS: BuildLabels = { build: 'Dry-run import', rebuild: 'Dry-run import again', release: 'Commit import' };

export interface BuildControlsProps {
  labels: BuildLabels;
  /** the last dry run passed: the build button offers a rebuild */
  hasPassedDryRun: boolean;
  isBusy: boolean;
  onStart(kind: BuildKind): void;
}

/** A dry-run build button with the release build as its second option. */
export function BuildControls({ labels, hasPassedDryRun, isBusy, onStart }: BuildControlsProps) {
  return (
    <Group gap={0} wrap="nowrap">
      <Button
        leftSection={<IconHammer size={16} />}
        loading={isBusy}
        onClick={() => onStart('dry-run')}
        style={{ borderTopRightRadius: 0, borderBottomRightRadius: 0 }}
      >
        {hasPassedDryRun ? labels.rebuild : labels.build}
      </Button>
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <ActionIcon
            size={36}
            variant="filled"
            aria-label="More build options"
            disabled={isBusy}
            style={{ borderTopLeftRadius: 0, borderBottomLeftRadius: 0, borderLeft: '1px solid var(--mantine-color-blue-4)' }}
          >
            <IconChevronDown size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconRocket size={16} />} onClick={() => onStart('release')}>
            {labels.release}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
