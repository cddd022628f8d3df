import { Badge, Group, Select, Text } from '@mantine/core';
import { versionOptions, selectionValue, type ReleasedVersion, type UnreleasedVersion, type VersionSelection } from './version-selection';

export interface VersionSwitcherProps {
  released: ReleasedVersion[];
  unreleased: UnreleasedVersion[];
  selection: VersionSelection;
  onSelect(value: string): void;
}

export function ReleaseBadge({ isReleased }: { isReleased: boolean }) {
  return (
    <Badge color={isReleased ? 'teal' : 'orange'} variant="light" size="sm">
      {isReleased ? 'Released' : 'Unreleased'}
    </Badge>
  );
}

/** The version switcher: Released and Unreleased groups, each option with its badge. */
export function VersionSwitcher({ released, unreleased, selection, onSelect }: VersionSwitcherProps) {
  const data = versionOptions(released, unreleased);
  if (data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No versions yet
      </Text>
    );
  }
  return (
    <Group gap="sm" wrap="nowrap">
      <Select
        aria-label="Version"
        data={data}
        value={selectionValue(selection)}
        onChange={(value) => value && onSelect(value)}
        allowDeselect={false}
        w={200}
        // wider than the input, so that labels and badges fit on one line
        comboboxProps={{ withinPortal: true, width: 260, position: 'bottom-start' }}
        renderOption={({ option }) => (
          <Group justify="space-between" w="100%" wrap="nowrap">
            <span>{option.label}</span>
            <ReleaseBadge isReleased={option.value.startsWith('released:')} />
          </Group>
        )}
      />
      {selection && <ReleaseBadge isReleased={selection.kind === 'released'} />}
    </Group>
  );
}
