import { Button, Container, Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { ResourceList } from '../../../ui/resource-list';
import { catalogueCollectionSource } from '../api/collections';
import { applicationCount, COLLECTION_COLUMNS, COLLECTION_CREATE, COLLECTION_PRESETS } from './collection-list-config';
import { SearchApplicationsModal } from './SearchApplicationsModal';

/** /collections (spec 3 Catalogue collection list): the catalogue collections the user may see, and a search over their applications. */
export function CatalogueCollectionsPage() {
  const [isSearching, setIsSearching] = useState(false);
  return (
    <Container size="xl" py="xl">
      <ResourceList
        title="Catalogue Collections"
        noun={{ name: 'Catalogue collection', plural: 'catalogue collections' }}
        source={catalogueCollectionSource}
        columns={COLLECTION_COLUMNS}
        filterPresets={COLLECTION_PRESETS}
        create={COLLECTION_CREATE}
        rowActions={{
          archiveText: '',
          deleteDetail: (row) => <Text size="sm">It holds {applicationCount(row.attributes.applications)}, deleted with it.</Text>,
        }}
        headerExtras={
          <Button variant="default" leftSection={<IconSearch size={16} />} onClick={() => setIsSearching(true)}>
            Search for Applications
          </Button>
        }
        emptyTexts={{ failed: 'Failed to fetch the available Catalogue collections' }}
      />
      <SearchApplicationsModal isOpened={isSearching} onClose={() => setIsSearching(false)} />
    </Container>
  );
}
