import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ConstraintErrors } from './constraint-draft';
import { ConstraintFields } from './ConstraintFields';
import { valueKindOf } from './default-value';
import { ParameterHeader, ParameterRow, type DataTypeOption } from './ParameterRows';
import type { InputDraft, OutputDraft } from './wrapper-draft';

const DEFAULT_PLACEHOLDERS = { integer: 'e.g. 10', number: 'e.g. 0.3', boolean: 'true or false', text: 'none' } as const;

interface CardProps<T> {
  items: T[];
  dataTypes: DataTypeOption[];
  pythonNames: Record<number, string>;
  onChange(key: number, patch: Partial<T>): void;
  onRemove(key: number): void;
  onAdd(): void;
  isAddDisabled: boolean;
}

export function InputsCard({
  items,
  dataTypes,
  pythonNames,
  defaultErrors,
  constraintErrors,
  onChange,
  onRemove,
  onAdd,
  isAddDisabled,
}: CardProps<InputDraft> & { defaultErrors: Record<number, string>; constraintErrors: Record<number, ConstraintErrors> }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb={4}>
        Inputs
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Inputs with a default value are optional and listed last. Below each input, the values the process accepts: a minimum and maximum for numbers, a pattern
        the whole value must match, or the allowed values (the execute form and the server refuse anything else).
      </Text>
      <Stack gap="xs">
        {items.length > 0 && <ParameterHeader withDefault />}
        {items.map((input, index) => (
          <Stack key={input.key} gap={4}>
            <ParameterRow
              kind="input"
              index={index}
              name={input.name}
              identifier={pythonNames[input.key]}
              dataType={input.dataType}
              dataTypes={dataTypes}
              onChange={(patch) => onChange(input.key, patch)}
              onRemove={() => onRemove(input.key)}
              extra={
                <TextInput
                  aria-label={`Default value of input ${index + 1}`}
                  placeholder={DEFAULT_PLACEHOLDERS[valueKindOf(input.dataType)]}
                  value={input.defaultText}
                  error={defaultErrors[input.key]}
                  onChange={(event) => onChange(input.key, { defaultText: event.currentTarget.value })}
                />
              }
            />
            <ConstraintFields name={`input ${index + 1}`} value={input} errors={constraintErrors[input.key]} onChange={(patch) => onChange(input.key, patch)} />
          </Stack>
        ))}
        <Group>
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={onAdd} disabled={isAddDisabled}>
            Add input
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

export function OutputsCard({ items, dataTypes, pythonNames, onChange, onRemove, onAdd, isAddDisabled }: CardProps<OutputDraft>) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="md">
        Outputs
      </Title>
      <Stack gap="xs">
        {items.length > 0 && <ParameterHeader withDefault={false} />}
        {items.map((output, index) => (
          <ParameterRow
            key={output.key}
            kind="output"
            index={index}
            name={output.name}
            identifier={pythonNames[output.key]}
            dataType={output.dataType}
            dataTypes={dataTypes}
            onChange={(patch) => onChange(output.key, patch)}
            onRemove={() => onRemove(output.key)}
          />
        ))}
        <Group>
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={onAdd} disabled={isAddDisabled}>
            Add output
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
