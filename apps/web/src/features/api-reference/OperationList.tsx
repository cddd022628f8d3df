import { Badge, Button, Code, Stack, Table, Text, Title } from '@mantine/core';
import type { ApiOperation, ApiOperationGroup } from './openapi-operations';

const METHOD_COLORS: Record<string, string> = { GET: 'blue', POST: 'green', PUT: 'orange', PATCH: 'teal', DELETE: 'red' };

/** The document's operations by tag, plain: readable before the interactive explorer loads. */
export function OperationList({ groups, onTry }: { groups: ApiOperationGroup[]; onTry: (tag: string, operation: ApiOperation) => void }) {
  return (
    <Stack gap="xl" data-testid="api-operations">
      {groups.map((group) => (
        <section key={group.tag} aria-labelledby={`api-tag-${group.tag}`}>
          <Title order={2} size="h3" id={`api-tag-${group.tag}`}>
            {group.tag}{' '}
            <Text span c="dimmed" size="sm">
              {group.operations.length}
            </Text>
          </Title>
          <Table.ScrollContainer minWidth={900} mt="xs">
            <Table layout="fixed" striped highlightOnHover verticalSpacing={4} aria-labelledby={`api-tag-${group.tag}`}>
              <Table.Tbody>
                {group.operations.map((operation) => (
                  <Table.Tr key={`${operation.method} ${operation.path}`}>
                    <Table.Td w={80}>
                      <Badge color={METHOD_COLORS[operation.method] ?? 'gray'} variant="light" radius="sm" w={68}>
                        {operation.method}
                      </Badge>
                    </Table.Td>
                    <Table.Td w="32%">
                      <Code style={{ overflowWrap: 'anywhere' }}>{operation.path}</Code>
                    </Table.Td>
                    <Table.Td>{operation.summary}</Table.Td>
                    <Table.Td w="20%">
                      <Text size="xs" c="dimmed">
                        {operation.access}
                      </Text>
                    </Table.Td>
                    <Table.Td w={80}>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() => onTry(group.tag, operation)}
                        aria-label={`Try ${operation.method} ${operation.path}`}
                      >
                        Try it
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </section>
      ))}
    </Stack>
  );
}
