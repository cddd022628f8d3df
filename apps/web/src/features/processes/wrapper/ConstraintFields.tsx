import { Grid, TextInput } from '@mantine/core';
import type { ConstraintErrors, ConstraintTexts } from './constraint-draft';

interface ConstraintFieldsProps {
  /** 'input 1', for the accessible names */
  name: string;
  value: ConstraintTexts;
  errors: ConstraintErrors | undefined;
  onChange(patch: Partial<ConstraintTexts>): void;
}

/** Below an input's row: what values the process accepts, checked by the execute form and the server before a task runs. */
export function ConstraintFields({ name, value, errors, onChange }: ConstraintFieldsProps) {
  const field = (key: keyof ConstraintTexts, label: string, placeholder: string, span: number) => (
    <Grid.Col span={span}>
      <TextInput
        size="xs"
        aria-label={`${label} of ${name}`}
        placeholder={placeholder}
        value={value[key]}
        error={errors?.[key]}
        onChange={(event) => onChange({ [key]: event.currentTarget.value })}
      />
    </Grid.Col>
  );
  return (
    <Grid gap="xs" pl="md" mb="xs">
      {field('minimumText', 'Minimum', 'minimum', 2)}
      {field('maximumText', 'Maximum', 'maximum', 2)}
      {field('pattern', 'Pattern', 'pattern, e.g. [A-Z]{2}\\d+', 4)}
      {field('enumText', 'Allowed values', 'allowed values: a, b, c', 3)}
    </Grid>
  );
}
