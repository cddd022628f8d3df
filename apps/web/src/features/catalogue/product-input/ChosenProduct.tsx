import { Anchor, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { itemDateText, thumbnailOf } from '../../../ui/stac/stac-item';
import { stacItemPath, useStacItem } from '../api/catalogue';

/** A product chosen as an input: thumbnail, id (linking to its STAC item), date and collection. */
export function ChosenProduct({ collection, itemId }: { collection: string; itemId: string }) {
  const item = useStacItem(collection, itemId);
  const thumbnail = item.data ? thumbnailOf(item.data) : undefined;
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="chosen-product">
      {thumbnail ? (
        <Image src={thumbnail.href} alt={`Thumbnail of ${itemId}`} w={56} h={56} radius="sm" fit="cover" />
      ) : (
        <IconPhoto size={32} color="var(--mantine-color-gray-5)" aria-hidden />
      )}
      <Stack gap={2}>
        <Anchor href={stacItemPath(collection, itemId)} target="_blank" rel="noopener noreferrer" size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {itemId}
        </Anchor>
        <Text size="xs" c="dimmed">
          {item.isError
            ? 'This product is not in the catalogue (or not visible to you).'
            : item.data
              ? `${itemDateText(item.data.properties)} · ${collection}`
              : collection}
        </Text>
      </Stack>
    </Group>
  );
}
