import type { StacItem } from '@asb/contracts';
import { Anchor, Button, Card, CloseButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconMap } from '@tabler/icons-react';
import { useState } from 'react';
import { itemDateText } from '../../../ui/stac/stac-item';
import { ItemTabs } from '../item-page/ItemTabs';
import { stacItemTabs } from '../item-page/stac-item-tabs';
import { stacItemPath } from '../api/catalogue';
import { AssetPreview } from './AssetPreview';

/** The chosen product: its date, a link to its STAC item, a map preview of a GeoTIFF asset, and its properties and assets. */
export function ItemPanel({ item, collection, onClose }: { item: StacItem; collection: string; onClose(): void }) {
  const [isPreviewing, setIsPreviewing] = useState(false);
  return (
    <Card withBorder padding="md" aria-label={`Product ${item.id}`} component="section">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Title order={3} size="h4" ff="monospace" style={{ wordBreak: 'break-all' }}>
              {item.id}
            </Title>
            <Text size="sm" c="dimmed">
              {itemDateText(item.properties)} · {item.collection ?? collection}
            </Text>
          </div>
          <CloseButton aria-label="Close the product" onClick={onClose} />
        </Group>
        <Group gap="sm">
          <Button size="xs" variant={isPreviewing ? 'filled' : 'light'} leftSection={<IconMap size={14} />} onClick={() => setIsPreviewing(!isPreviewing)}>
            {isPreviewing ? 'Hide the preview' : 'Preview on a map'}
          </Button>
          <Anchor href={stacItemPath(item.collection ?? collection, item.id)} target="_blank" rel="noopener noreferrer" size="sm">
            <Group gap={4}>
              STAC item <IconExternalLink size={14} />
            </Group>
          </Anchor>
        </Group>
        {isPreviewing && <AssetPreview key={item.id} item={item} />}
        <ItemTabs item={item} tabs={stacItemTabs(item, { preview: false })} />
      </Stack>
    </Card>
  );
}
