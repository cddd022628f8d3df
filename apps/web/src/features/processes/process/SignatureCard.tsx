import { Badge, Card, Group, Table, Text, Title } from '@mantine/core';
import type { ProcessSignature, SignatureParameter } from '@asb/contracts';

function formatDefault(value: SignatureParameter['default']): string {
  if (value === undefined) return '';
  return value === null ? 'None' : JSON.stringify(value);
}

function Section({ caption, parameters, withDefault }: { caption: string; parameters: SignatureParameter[]; withDefault: boolean }) {
  return (
    <>
      <Table.Tr>
        <Table.Th colSpan={3} bg="var(--mantine-color-default-hover)">
          {caption}
        </Table.Th>
      </Table.Tr>
      {parameters.length === 0 && (
        <Table.Tr>
          <Table.Td colSpan={3} c="dimmed">
            None
          </Table.Td>
        </Table.Tr>
      )}
      {parameters.map((parameter) => (
        <Table.Tr key={parameter.name}>
          <Table.Td ff="monospace">{parameter.name}</Table.Td>
          <Table.Td>{parameter.dataType}</Table.Td>
          <Table.Td ff="monospace" style={{ wordBreak: 'break-all' }}>
            {withDefault ? formatDefault(parameter.default) : ''}
          </Table.Td>
        </Table.Tr>
      ))}
    </>
  );
}

/** Inputs, outputs and dependencies a wrapper declares, in one table so the columns line up. */
export function SignatureCard({ signature, title = 'Signature' }: { signature: ProcessSignature; title?: string }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      <Table layout="fixed" verticalSpacing={4} fz="sm" aria-label={title}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="35%">Name</Table.Th>
            <Table.Th w="30%">Data type</Table.Th>
            <Table.Th>Default</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Section caption="Inputs" parameters={signature.inputs} withDefault />
          <Section caption="Outputs" parameters={signature.outputs} withDefault={false} />
        </Table.Tbody>
      </Table>
      <Group gap={4} mt="sm">
        <Text size="sm" c="dimmed" mr={4}>
          Dependencies
        </Text>
        {signature.dependencies.length === 0 && (
          <Text size="sm" c="dimmed">
            none
          </Text>
        )}
        {signature.dependencies.map((dependency) => (
          <Badge key={dependency} variant="light" color="gray" tt="none">
            {dependency}
          </Badge>
        ))}
      </Group>
    </Card>
  );
}
