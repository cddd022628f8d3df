import { parseDateRange, type ProductSummary, pictureUrl } from '@asb/contracts';
import { Alert, Button, Group, Image, Menu, Stack, Table, Text } from '@mantine/core';
import { IconCheck, IconPhoto, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { DateRangeInput } from '../../../ui/DateRangeInput';
import { itemDateText } from '../../../ui/stac/stac-item';
import { useProductCollections, useProductSearch } from '../api/catalogue';
import { BboxInputs } from '../browser/BboxInputs';
import { CollectionSelect } from '../browser/CollectionSelect';
import { boundsOf, EMPTY_BBOX, SEARCH_FAILED, type BboxFields } from '../browser/search-form';
import { countOf } from '../../../ui/plural';

/** An input of the form a found product can fill. */
interface ProductTarget {
  key: string;
  label: string;
}

interface ProductSearchPanelProps {
  targets: ProductTarget[];
  onSelect(target: ProductTarget, value: string): void;
}

function SelectAsInput({ targets, onSelect }: { targets: ProductTarget[]; onSelect(target: ProductTarget): void }) {
  const [only] = targets;
  if (!only) return null;
  const button = (
    <Button size="xs" variant="light" leftSection={<IconCheck size={14} />} onClick={targets.length === 1 ? () => onSelect(only) : undefined}>
      Select as input
    </Button>
  );
  if (targets.length === 1) return button;
  return (
    <Menu position="bottom-end">
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>
        {targets.map((target) => (
          <Menu.Item key={target.key} onClick={() => onSelect(target)}>
            {target.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function ProductRow({ product, targets, onSelect }: { product: ProductSummary; targets: ProductTarget[]; onSelect(target: ProductTarget): void }) {
  return (
    <Table.Tr>
      <Table.Td w={64}>
        {product.thumbnail?.startsWith('http') ? (
          <Image src={pictureUrl(product.thumbnail)} alt={`Thumbnail of ${product.id}`} w={48} h={48} radius="sm" fit="cover" />
        ) : (
          <IconPhoto size={28} color="var(--mantine-color-gray-5)" aria-label="No thumbnail" />
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {product.id}
        </Text>
        {product.title !== product.id && (
          <Text size="xs" c="dimmed">
            {product.title}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{itemDateText(product)}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{product.source === 'local' ? product.collection : `${product.collection} (${product.source})`}</Text>
      </Table.Td>
      <Table.Td>
        <Group justify="flex-end">
          <SelectAsInput targets={targets} onSelect={onSelect} />
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The Search products tab (spec 1 §2): Collection, Bounding box, Date range, 'Search for
 * products' (POST /resource-catalogue/products/search), 'Found N products'; a found product
 * can fill an EO-product input of the form.
 */
export function ProductSearchPanel({ targets, onSelect }: ProductSearchPanelProps) {
  const collections = useProductCollections();
  const [chosenCollection, setCollection] = useState<string | null>(null);
  const [bbox, setBbox] = useState<BboxFields>(EMPTY_BBOX);
  const [dateRange, setDateRange] = useState('');
  const search = useProductSearch();
  const collection = chosenCollection ?? collections.data?.[0]?.id ?? null;
  const bounds = boundsOf(bbox);
  const dates = parseDateRange(dateRange);
  const isReady = Boolean(collection && bounds && dates);

  return (
    <Stack gap="md">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          event.stopPropagation();
          if (collection && bounds && dates) search.mutate({ collection, boundingBox: bounds, dateRange: { start: dates[0], end: dates[1] } });
        }}
      >
        <Stack gap="sm">
          <CollectionSelect
            collections={collections}
            options={(collections.data ?? []).map((candidate) => ({
              value: candidate.id,
              label: candidate.source === 'local' ? candidate.title : `${candidate.title} (${candidate.source})`,
            }))}
            value={collection}
            onChange={setCollection}
          />
          <BboxInputs value={bbox} onChange={setBbox} />
          <DateRangeInput label="Date range" value={dateRange} onChange={setDateRange} />
          <Group>
            <Button type="submit" leftSection={<IconSearch size={16} />} disabled={!isReady} loading={search.isPending}>
              Search for products
            </Button>
          </Group>
        </Stack>
      </form>
      {search.isError && (
        <Alert color="red" variant="light">
          {SEARCH_FAILED}
        </Alert>
      )}
      {search.data && (
        <Stack gap="xs">
          <Text fw={500}>Found {countOf(search.data.product_count, 'product')}</Text>
          {search.data.product_list.length > 0 && (
            <Table.ScrollContainer minWidth={560} type="native">
              <Table aria-label="Products found" verticalSpacing={4}>
                <Table.Tbody>
                  {search.data.product_list.map((product) => (
                    <ProductRow
                      key={`${product.source}:${product.id}`}
                      product={product}
                      targets={targets}
                      onSelect={(target) => onSelect(target, product.url)}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      )}
    </Stack>
  );
}
