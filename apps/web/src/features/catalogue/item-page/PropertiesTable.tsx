import { Badge, Group, Table, Text } from '@mantine/core';
import { isTagKeyword } from '@asb/contracts';
import { ShortText } from '../../../ui/ShortText';
import { propertyText } from '../../../ui/stac/stac-item';

/** Past this depth a value is written as JSON: a table in a table in a table is already hard to read. */
const MAX_DEPTH = 3;

type Entry = [string, unknown];
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isScalar = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);

function PropertyValue({ name, value, depth }: { name: string; value: unknown; depth: number }) {
  if (name === 'keywords' && Array.isArray(value)) {
    // the FILTER: and softwareVersion: keywords are the marketplace's conventions, hidden there too (spec 3 §9)
    const tags = value.filter((keyword): keyword is string => typeof keyword === 'string' && isTagKeyword(keyword));
    if (tags.length === 0) return <Text size="sm">n/a</Text>;
    return (
      <Group gap={6}>
        {tags.map((tag) => (
          <Badge key={tag} variant="light" tt="none">
            {tag}
          </Badge>
        ))}
      </Group>
    );
  }
  if (depth < MAX_DEPTH && isRecord(value) && Object.keys(value).length > 0)
    return <FieldsTable label={name} entries={Object.entries(value)} depth={depth + 1} />;
  if (Array.isArray(value) && value.every(isScalar))
    return <ShortText text={value.length === 0 ? 'n/a' : value.map((entry) => propertyText(name, entry)).join(', ')} />;
  if (depth < MAX_DEPTH && Array.isArray(value) && value.every(isRecord))
    return (
      <Table.ScrollContainer minWidth={320} type="native">
        <Table aria-label={name} withTableBorder verticalSpacing={4} fz="sm">
          <Table.Tbody>
            {value.map((entry, index) => (
              <Table.Tr key={index}>
                <Table.Td>
                  <FieldsTable label={`${name} ${index + 1}`} entries={Object.entries(entry)} depth={depth + 1} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  return <ShortText text={propertyText(name, value)} />;
}

/** Fields as rows of a table: the name, then the value (a nested object as a table of its own). */
export function FieldsTable({ label, entries, depth = 0 }: { label: string; entries: Entry[]; depth?: number }) {
  return (
    <Table aria-label={label} withRowBorders verticalSpacing={depth === 0 ? 8 : 4} layout="fixed" fz="sm">
      <Table.Tbody>
        {entries.map(([key, value]) => (
          <Table.Tr key={key}>
            <Table.Th scope="row" w={depth === 0 ? 200 : 160} fw={500} c="dimmed" style={{ verticalAlign: 'top', wordBreak: 'break-word' }}>
              {key}
            </Table.Th>
            <Table.Td style={{ wordBreak: 'break-word' }}>
              <PropertyValue name={key} value={value} depth={depth} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
