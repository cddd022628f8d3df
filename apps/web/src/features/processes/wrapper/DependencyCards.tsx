import { Alert, Card, MultiSelect, Select, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { SoftwareDependency } from './wrapper-draft';

function option(dependency: SoftwareDependency) {
  return { value: dependency.attributes.identifier, label: dependency.attributes.label };
}

export function MainDependencyCard({
  catalogue,
  value,
  onChange,
}: {
  catalogue: SoftwareDependency[];
  value: string | null;
  onChange(identifier: string | null): void;
}) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb={4}>
        Main dependency
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        The runtime the process is built on; its requirements are added to the software dependencies.
      </Text>
      <Select
        aria-label="Main dependency"
        placeholder="Choose the main dependency"
        data={catalogue.filter((d) => d.attributes.isMain).map(option)}
        value={value}
        onChange={onChange}
        searchable
        clearable
        nothingFoundMessage="No main dependencies"
        comboboxProps={{ withinPortal: true }}
      />
    </Card>
  );
}

export interface SoftwareDependenciesCardProps {
  catalogue: SoftwareDependency[];
  mainDependency: string | null;
  value: string[];
  missing: string[];
  onChange(identifiers: string[]): void;
}

export function SoftwareDependenciesCard({ catalogue, mainDependency, value, missing, onChange }: SoftwareDependenciesCardProps) {
  // any dependency but the main one: main dependencies require one another (rasterio requires gdal)
  const data = catalogue.filter((d) => d.attributes.identifier !== mainDependency).map(option);
  // a requirement the catalogue lists no longer stays choosable under its identifier
  const unknown = value.filter((id) => !data.some((o) => o.value === id)).map((id) => ({ value: id, label: id }));
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="md">
        Software dependencies
      </Title>
      <Stack gap="sm">
        <MultiSelect
          aria-label="Software dependencies"
          placeholder={value.length ? undefined : 'Choose dependencies'}
          data={[...data, ...unknown]}
          value={value}
          onChange={onChange}
          searchable
          clearable
          nothingFoundMessage="No dependencies"
          comboboxProps={{ withinPortal: true }}
        />
        {missing.map((text) => (
          <Alert key={text} color="orange" variant="light" icon={<IconAlertTriangle size={16} />} p="xs">
            {text}
          </Alert>
        ))}
      </Stack>
    </Card>
  );
}
