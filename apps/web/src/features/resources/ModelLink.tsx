import type { ModelServiceItem, UsageRecord } from '@asb/contracts';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { routePath } from '../../app/routes';

/** A usage record's model, linked to its page. */
export function ModelLink({ record }: { record: Pick<UsageRecord, 'title' | 'catalogue_collection_id' | 'catalogue_item_id'> }) {
  return (
    <Anchor
      component={Link}
      to={routePath('catalogueModelDetail', { id: record.catalogue_collection_id, modelId: record.catalogue_item_id })}
      size="sm"
      fw={500}
    >
      {record.title}
    </Anchor>
  );
}

/** A service's model, linked to its page. */
export function ServiceModelLink({ service }: { service: ModelServiceItem }) {
  return <ModelLink record={{ title: service.name, catalogue_collection_id: service.collection, catalogue_item_id: service.id }} />;
}
