import { Badge, Card, Group, Table, Text, Title } from '@mantine/core';
import type { ProcessSignature, SignatureParameter } from '@asb/contracts';

function formatDefault(value: SignatureParameter['default']): string {
  if (value === undefined) return '';
  return value === null ? 'None' : JSON.stringify(value);
}

/** An input's constraints in a few words: '16 to 2048', 'one of a, b', 'less than east'. */
function formatConstraints(constraints: SignatureParameter['constraints']): string {
  if (!constraints) return '';
  const parts: string[] = [];
  const { minimum, maximum } = constraints;
  if (minimum !== undefined && maximum !== undefined) parts.push(`${minimum} to ${maximum}`);
  else if (minimum !== undefined) parts.push(`at least ${minimum}`);
  else if (maximum !== undefined) parts.push(`at most ${maximum}`);
  if (constraints.pattern !== undefined) parts.push(`matches ${constraints.pattern}`);
  if (constraints.enum) parts.push(`one of ${constraints.enum.join(', ')}`);
  if (constraints.less_than !== undefined) parts.push(`less than ${constraints.less_than}`);
  return parts.join('; ');
}

function Section({ caption, parameters, withDefault }: { caption: string; parameters: SignatureParameter[]; withDefault: boolean }) {
  return (
    <>
      <Table.Tr>
        <Table.Th colSpan={4} bg="var(--mantine-color-default-hover)">
          {caption}
        </Table.Th>
      </Table.Tr>
      {parameters.length === 0 && (
        <Table.Tr>
          <Table.Td colSpan={4} c="dimmed">
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
          <Table.Td style={{ wordBreak: 'break-word' }}>{formatConstraints(parameter.constraints)}</Table.Td>
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
            <Table.Th w="25%">Name</Table.Th>
            <Table.Th w="22%">Data type</Table.Th>
            <Table.Th w="18%">Default</Table.Th>
            <Table.Th>Accepts</Table.Th>
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
