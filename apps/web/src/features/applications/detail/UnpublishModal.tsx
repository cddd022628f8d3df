import { Alert, Button, Group, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import { PUBLISHED_SUFFIX } from '@asb/contracts';
import { useState } from 'react';
import { useWritableCollections } from '../api/collections';

export interface UnpublishModalProps {
  isOpened: boolean;
  /** the collection the application is in now */
  current: string;
  isPending: boolean;
  onClose(): void;
  onMove(collection: string): void;
}

/** "Cancel publishing": the collection to move the application back to, among those the user may write to (no `:published` one). */
export function UnpublishModal({ isOpened, current, isPending, onClose, onMove }: UnpublishModalProps) {
  return (
    <Modal opened={isOpened} onClose={onClose} title="Cancel publishing">
      {isOpened && <ChooseCollection current={current} isPending={isPending} onClose={onClose} onMove={onMove} />}
    </Modal>
  );
}

function ChooseCollection({ current, isPending, onClose, onMove }: Omit<UnpublishModalProps, 'isOpened'>) {
  const writable = useWritableCollections(true);
  const [chosen, setChosen] = useState<string | null>(null);
  const options = (writable.data ?? [])
    .filter((collection) => !collection.identifier.endsWith(PUBLISHED_SUFFIX) && collection.identifier !== current)
    .map((collection) => ({ value: collection.identifier, label: `${collection.ownerId} / ${collection.verbose_name || collection.identifier}` }));
  return (
    <Stack>
      <Text size="sm">The application leaves the Marketplace and moves to the collection you choose.</Text>
      {writable.isPending && <Loader size="sm" />}
      {writable.isError && (
        <Alert color="red" variant="light">
          Failed to fetch the available Catalogue collections
        </Alert>
      )}
      {writable.isSuccess && options.length === 0 && (
        <Alert color="yellow" variant="light">
          You have no collection to move it to: create one on the Catalogue Collections page first.
        </Alert>
      )}
      {options.length > 0 && (
        <Select label="Target collection" placeholder="Choose a collection" data={options} value={chosen} onChange={setChosen} searchable />
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button color="orange" disabled={!chosen} loading={isPending} onClick={() => chosen && onMove(chosen)}>
          Move
        </Button>
      </Group>
    </Stack>
  );
}
