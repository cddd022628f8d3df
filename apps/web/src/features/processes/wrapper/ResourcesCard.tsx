import { Card, Group, SimpleGrid, Slider, Stack, Text, Title } from '@mantine/core';
import { formatChoice, optionsOf, RESOURCE_KEYS, RESOURCE_LABELS, type ResourceChoice, type ResourceKey } from '../resources';

/** One slider per resource over its options (RESOURCE_OPTIONS), moving by option rather than by unit. */
function ResourceSlider({ resource, value, onChange }: { resource: ResourceKey; value: number; onChange(value: number): void }) {
  const options = optionsOf(resource, value);
  const index = Math.max(0, options.indexOf(value));
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {RESOURCE_LABELS[resource].label}
        </Text>
        <Text size="sm" c="dimmed">
          {formatChoice(resource, value)}
        </Text>
      </Group>
      <Slider
        aria-label={RESOURCE_LABELS[resource].label}
        min={0}
        max={options.length - 1}
        step={1}
        value={index}
        onChange={(next) => onChange(options[next] ?? value)}
        label={(next) => formatChoice(resource, options[next] ?? value)}
        marks={options.map((option, i) => ({ value: i, label: String(option) }))}
        mb="md"
      />
    </Stack>
  );
}

export function ResourcesCard({ value, onChange }: { value: ResourceChoice; onChange(value: ResourceChoice): void }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="md">
        Resources
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl" verticalSpacing="lg">
        {RESOURCE_KEYS.map((key) => (
          <ResourceSlider key={key} resource={key} value={value[key]} onChange={(next) => onChange({ ...value, [key]: next })} />
        ))}
      </SimpleGrid>
    </Card>
  );
}
