import { ActionIcon, Grid, Select, Text, TextInput, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface DataTypeOption {
  value: string;
  label: string;
}

export interface ParameterRowProps {
  /** 'input' or 'output', for the accessible names */
  kind: string;
  index: number;
  name: string;
  /** the Python identifier the name becomes, shown when it differs */
  identifier?: string;
  dataType: string;
  dataTypes: DataTypeOption[];
  /** the default value field (inputs only) */
  extra?: ReactNode;
  onChange(patch: { name?: string; dataType?: string }): void;
  onRemove(): void;
}

/** One input or output: name, data type, (default value) and a remove button. */
export function ParameterRow({ kind, index, name, identifier, dataType, dataTypes, extra, onChange, onRemove }: ParameterRowProps) {
  const label = `${kind} ${index + 1}`;
  return (
    <Grid gap="xs" align="flex-start">
      <Grid.Col span={extra ? 4 : 6}>
        <TextInput
          aria-label={`Name of ${label}`}
          value={name}
          onChange={(event) => onChange({ name: event.currentTarget.value })}
          description={identifier && identifier !== name ? `Python name: ${identifier}` : undefined}
          inputWrapperOrder={['input', 'description', 'error']}
          error={name.trim() === '' ? 'Enter a name' : undefined}
        />
      </Grid.Col>
      <Grid.Col span={extra ? 4 : 5}>
        <Select
          aria-label={`Data type of ${label}`}
          data={dataTypes}
          value={dataType || null}
          onChange={(value) => onChange({ dataType: value ?? '' })}
          searchable
          allowDeselect={false}
          error={dataType ? undefined : 'Choose a data type'}
          comboboxProps={{ withinPortal: true }}
        />
      </Grid.Col>
      {extra && <Grid.Col span={3}>{extra}</Grid.Col>}
      <Grid.Col span={1}>
        <Tooltip label="Remove" withArrow>
          <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove ${label}`} onClick={onRemove}>
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Grid.Col>
    </Grid>
  );
}

/** Column captions above the rows. */
export function ParameterHeader({ withDefault }: { withDefault: boolean }) {
  const caption = (text: string) => (
    <Text size="xs" fw={600} c="dimmed" tt="uppercase">
      {text}
    </Text>
  );
  return (
    <Grid gap="xs">
      <Grid.Col span={withDefault ? 4 : 6}>{caption('Name')}</Grid.Col>
      <Grid.Col span={withDefault ? 4 : 5}>{caption('Data type')}</Grid.Col>
      {withDefault && <Grid.Col span={3}>{caption('Default value')}</Grid.Col>}
    </Grid>
  );
}
