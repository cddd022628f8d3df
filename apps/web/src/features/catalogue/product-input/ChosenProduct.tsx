import { Group, Image } from '@mantine/core';
import { pictureUrl } from '@asb/contracts';
import { IconPhoto } from '@tabler/icons-react';
import { thumbnailOf } from '../../../ui/stac/stac-item';
import { useStacItem } from '../api/catalogue';
import { ProductIdentity } from './ProductIdentity';

/** A product chosen as an input: thumbnail, id (linking to its STAC item), date and collection. */
export function ChosenProduct({ collection, itemId }: { collection: string; itemId: string }) {
  const item = useStacItem(collection, itemId);
  const thumbnail = item.data ? thumbnailOf(item.data) : undefined;
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="chosen-product">
      {thumbnail ? (
        <Image src={pictureUrl(thumbnail.href)} alt={`Thumbnail of ${itemId}`} w={56} h={56} radius="sm" fit="cover" />
      ) : (
        <IconPhoto size={32} color="var(--mantine-color-gray-5)" aria-hidden />
      )}
      <ProductIdentity collection={collection} itemId={itemId} item={item} missing="This product is not in the catalogue (or not visible to you)." />
    </Group>
  );
}
