import { Anchor, Stack, Text } from '@mantine/core';
import { itemDateText } from '../../../ui/stac/stac-item';
import { stacItemPath, type useStacItem } from '../api/catalogue';

interface ProductIdentityProps {
  collection: string;
  itemId: string;
  /** the product's STAC item, as useStacItem loads it */
  item: ReturnType<typeof useStacItem>;
  /** what to say when the catalogue does not answer the item */
  missing: string;
}

/** A catalogue product by its id (linking to its STAC item, in a new tab) over its date and collection. */
export function ProductIdentity({ collection, itemId, item, missing }: ProductIdentityProps) {
  return (
    <Stack gap={2}>
      <Anchor href={stacItemPath(collection, itemId)} target="_blank" rel="noopener noreferrer" ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
        {itemId}
      </Anchor>
      <Text size="xs" c="dimmed">
        {item.isError ? missing : item.data ? `${itemDateText(item.data.properties)} · ${collection}` : collection}
      </Text>
    </Stack>
  );
}
