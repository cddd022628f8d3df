import { Badge, Code, Stack, Table, Text, Title } from '@mantine/core';
import type { Application } from '@asb/contracts';
import { defaultText } from './properties-form';

/** Inputs/Outputs: every parameter with its label, doc, type and (inputs) default and optionality. */
export function ParametersTab({ application }: { application: Application }) {
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={3} size="h4">
          Inputs
        </Title>
        {application.inputs.length === 0 ? (
          <Text c="dimmed">This application takes no inputs.</Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped aria-label="Inputs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Id</Table.Th>
                  <Table.Th>Label</Table.Th>
                  <Table.Th>Doc</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Default</Table.Th>
                  <Table.Th>Optional</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {application.inputs.map((input) => (
                  <Table.Tr key={input.id} data-input={input.id}>
                    <Table.Td ff="monospace">{input.id}</Table.Td>
                    <Table.Td>{input.label}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{input.doc}</Table.Td>
                    <Table.Td>
                      <Code>{input.typeLabel}</Code>
                    </Table.Td>
                    <Table.Td ff="monospace">{defaultText(input.default)}</Table.Td>
                    <Table.Td>
                      <OptionalBadge optional={input.optional} hasDefault={input.default !== null} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h4">
          Outputs
        </Title>
        {application.outputs.length === 0 ? (
          <Text c="dimmed">This application declares no outputs.</Text>
        ) : (
          <Table.ScrollContainer minWidth={600}>
            <Table striped aria-label="Outputs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Id</Table.Th>
                  <Table.Th>Label</Table.Th>
                  <Table.Th>Doc</Table.Th>
                  <Table.Th>Type</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {application.outputs.map((output) => (
                  <Table.Tr key={output.id} data-output={output.id}>
                    <Table.Td ff="monospace">{output.id}</Table.Td>
                    <Table.Td>{output.label}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{output.doc}</Table.Td>
                    <Table.Td>
                      <Code>{output.typeLabel}</Code>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Stack>
  );
}

/** An input with a default need not be given either (CWL): it reads 'has default', not 'required'. */
function OptionalBadge({ optional, hasDefault }: { optional: boolean; hasDefault: boolean }) {
  const label = optional ? 'optional' : hasDefault ? 'has default' : 'required';
  return (
    <Badge variant="light" color={label === 'required' ? 'blue' : 'gray'} tt="none">
      {label}
    </Badge>
  );
}
