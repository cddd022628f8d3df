import { parseProductInputUrl, productInputUrl } from '@asb/contracts';
import { Button, Group, Input, Loader, Modal, Paper, Text, TextInput } from '@mantine/core';
import { IconDatabaseSearch, IconX } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { FieldWidgetProps } from '../../../ui/field-widget';
import { ChosenProduct } from './ChosenProduct';

// the browser brings OpenLayers: it loads when the modal first opens
const CatalogueBrowser = lazy(() => import('../browser/CatalogueBrowser').then((module) => ({ default: module.CatalogueBrowser })));

/**
 * The widget of an EO-product input (spec 1 §2 Catalogue browser): 'Browse catalogue' opens
 * the browser, whose 'Select as input' fills the input with the product's link
 * (productInputUrl); the chosen product then shows by id, date and footprint instead of the
 * link. A product of another catalogue can still be pasted as its link.
 */
export function ProductInputWidget({ label, description, error, required, value, onChange, onBlur }: FieldWidgetProps) {
  const [isBrowsing, setIsBrowsing] = useState(false);
  const chosen = parseProductInputUrl(value);
  const close = () => {
    setIsBrowsing(false);
    onBlur?.();
  };
  return (
    <Input.Wrapper label={label} description={description} error={error} required={required}>
      <Paper withBorder p="sm" mt={4} radius="sm">
        {value.trim() !== '' ? (
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            {chosen?.collectionId ? (
              <ChosenProduct collection={chosen.collectionId} itemId={chosen.itemId} />
            ) : (
              <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                {value}
              </Text>
            )}
            <Group gap="xs" wrap="nowrap">
              <Button size="xs" variant="light" leftSection={<IconDatabaseSearch size={14} />} onClick={() => setIsBrowsing(true)}>
                Change
              </Button>
              <Button size="xs" variant="subtle" color="gray" leftSection={<IconX size={14} />} onClick={() => onChange('')}>
                Clear
              </Button>
            </Group>
          </Group>
        ) : (
          <Group gap="sm" wrap="nowrap">
            <Button size="xs" leftSection={<IconDatabaseSearch size={14} />} onClick={() => setIsBrowsing(true)}>
              Browse catalogue
            </Button>
            <TextInput
              size="xs"
              flex={1}
              aria-label="Product link"
              placeholder="or paste a product link"
              value={value}
              onChange={(event) => onChange(event.currentTarget.value)}
              onBlur={onBlur}
            />
          </Group>
        )}
      </Paper>
      <Modal opened={isBrowsing} onClose={close} title="Choose a product from the catalogue" size="90%">
        <Suspense fallback={<Loader size="sm" />}>
          {isBrowsing && (
            <CatalogueBrowser
              onSelectAsInput={(item, collection) => {
                onChange(productInputUrl(collection, item.id));
                close();
              }}
            />
          )}
        </Suspense>
      </Modal>
    </Input.Wrapper>
  );
}
