import type { StacItem } from '@asb/contracts';
import { pictureUrl } from '@asb/contracts';
import { Button, Group, Image, Table, Text } from '@mantine/core';
import { IconCheck, IconPhoto } from '@tabler/icons-react';
import { itemDateText, thumbnailOf } from '../../../ui/stac/stac-item';

interface ResultsTableProps {
  items: StacItem[];
  highlighted: string | null;
  selected: string | null;
  onHover(id: string | null): void;
  onSelect(id: string): void;
  /** when the browser chooses a workflow input: the row's 'Select as input' */
  onSelectAsInput?(item: StacItem): void;
}

function Thumbnail({ item }: { item: StacItem }) {
  const thumbnail = thumbnailOf(item);
  if (!thumbnail) return <IconPhoto size={28} color="var(--mantine-color-gray-5)" aria-label="No thumbnail" />;
  return <Image src={pictureUrl(thumbnail.href)} alt={`Thumbnail of ${item.id}`} w={48} h={48} radius="sm" fit="cover" />;
}

/**
 * The results (spec 1 §2): thumbnail, id and title, date, collection. A row is highlighted
 * with its footprint on the map (hovering either), a click opens its item panel.
 */
export function ResultsTable({ items, highlighted, selected, onHover, onSelect, onSelectAsInput }: ResultsTableProps) {
  return (
    <Table.ScrollContainer minWidth={560} type="native">
      <Table aria-label="Products" highlightOnHover verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={64}>Thumbnail</Table.Th>
            <Table.Th>Product</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Collection</Table.Th>
            {onSelectAsInput && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => {
            const title = typeof item.properties.title === 'string' ? item.properties.title : undefined;
            const isSelected = item.id === selected;
            return (
              <Table.Tr
                key={item.id}
                onMouseEnter={() => onHover(item.id)}
                onMouseLeave={() => onHover(null)}
                onClick={() => onSelect(item.id)}
                bg={isSelected ? 'var(--mantine-color-blue-light)' : item.id === highlighted ? 'var(--mantine-color-orange-light)' : undefined}
                aria-selected={isSelected}
                data-highlighted={item.id === highlighted || undefined}
                style={{ cursor: 'pointer' }}
              >
                <Table.Td>
                  <Thumbnail item={item} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                    {item.id}
                  </Text>
                  {title && title !== item.id && (
                    <Text size="xs" c="dimmed">
                      {title}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{itemDateText(item.properties)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{item.collection ?? ''}</Text>
                </Table.Td>
                {onSelectAsInput && (
                  <Table.Td>
                    <Group justify="flex-end">
                      <Button
                        size="xs"
                        variant={isSelected ? 'filled' : 'light'}
                        leftSection={<IconCheck size={14} />}
                        onClick={(event) => {
                          event.stopPropagation();
                          onSelectAsInput(item);
                        }}
                      >
                        Select as input
                      </Button>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
