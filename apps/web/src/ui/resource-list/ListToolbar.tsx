import { CloseButton, Group, Switch, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { FiltersMenu } from './FiltersMenu';
import type { FilterPreset } from './types';

export interface ListToolbarProps {
  plural: string;
  text: string;
  presets: FilterPreset[];
  isAutoReload: boolean;
  onType(text: string): void;
  onApply(text: string): void;
  onTogglePreset(presetText: string): void;
  onAutoReloadChange(isOn: boolean): void;
}

/** Filter box (name:value tokens + free text), Filters dropdown and Auto reload switch. */
export function ListToolbar(props: ListToolbarProps) {
  const { plural, text, presets } = props;
  return (
    <Group gap="sm" align="center">
      <TextInput
        style={{ flex: '1 1 240px' }}
        aria-label={`Search ${plural}`}
        placeholder={`Search ${plural}, or filter with name:value`}
        leftSection={<IconSearch size={16} />}
        rightSection={text ? <CloseButton aria-label="Clear search" size="sm" onClick={() => props.onApply('')} /> : null}
        value={text}
        onChange={(event) => props.onType(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') props.onApply(text);
        }}
      />
      {presets.length > 0 && <FiltersMenu presets={presets} filterText={text} onToggle={props.onTogglePreset} onClear={() => props.onApply('')} />}
      <Switch
        label="Auto reload"
        checked={props.isAutoReload}
        onChange={(event) => props.onAutoReloadChange(event.currentTarget.checked)}
        style={{ whiteSpace: 'nowrap' }}
      />
    </Group>
  );
}
