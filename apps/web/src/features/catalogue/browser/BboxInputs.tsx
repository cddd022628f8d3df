import { Input, SimpleGrid, TextInput } from '@mantine/core';
import { bboxErrors, type BboxFields } from './search-form';

const FIELDS: { key: keyof BboxFields; label: string; placeholder: string }[] = [
  { key: 'west', label: 'West', placeholder: '-180 to 180' },
  { key: 'south', label: 'South', placeholder: '-90 to 90' },
  { key: 'east', label: 'East', placeholder: '-180 to 180' },
  { key: 'north', label: 'North', placeholder: '-90 to 90' },
];

/** The four bounding-box coordinates (decimal degrees), each checked by the spec 1 §5 coordinate rule. */
export function BboxInputs({ value, onChange, withMap = false }: { value: BboxFields; onChange(next: BboxFields): void; withMap?: boolean }) {
  const errors = bboxErrors(value);
  return (
    <Input.Wrapper
      label="Bounding box"
      description={withMap ? 'Draw a box on the map or type its corners (decimal degrees).' : 'Its corners in decimal degrees.'}
    >
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mt={4}>
        {FIELDS.map(({ key, label: fieldLabel, placeholder }) => (
          <TextInput
            key={key}
            label={fieldLabel}
            size="xs"
            placeholder={placeholder}
            inputMode="decimal"
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            value={value[key]}
            error={errors[key]}
            onChange={(event) => onChange({ ...value, [key]: event.currentTarget.value })}
          />
        ))}
      </SimpleGrid>
    </Input.Wrapper>
  );
}
