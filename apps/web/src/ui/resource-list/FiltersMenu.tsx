import { Button, Menu } from '@mantine/core';
import { IconCheck, IconChevronDown, IconFilter } from '@tabler/icons-react';
import { isPresetActive } from './list-query';
import type { FilterPreset } from './types';

export interface FiltersMenuProps {
  /** presets with {username} already resolved */
  presets: FilterPreset[];
  filterText: string;
  onToggle(presetText: string): void;
  onClear(): void;
}

export function FiltersMenu({ presets, filterText, onToggle, onClear }: FiltersMenuProps) {
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconFilter size={16} />} rightSection={<IconChevronDown size={14} />}>
          Filters
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {presets.map((preset) => {
          const isActive = isPresetActive(filterText, preset.text);
          return (
            <Menu.Item
              key={preset.label}
              onClick={() => onToggle(preset.text)}
              leftSection={<IconCheck size={14} style={{ visibility: isActive ? 'visible' : 'hidden' }} />}
              data-active={isActive || undefined}
            >
              {preset.label}
            </Menu.Item>
          );
        })}
        <Menu.Divider />
        <Menu.Item onClick={onClear} disabled={!filterText.trim()}>
          Clear filters
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
