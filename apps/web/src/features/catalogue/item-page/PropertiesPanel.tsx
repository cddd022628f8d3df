import type { StacItem } from '@asb/contracts';
import { Empty } from './Empty';
import { splitProperties } from './item-rules';
import { FieldsTable } from './PropertiesTable';

/** The item's own properties (not those of an extension, which have their tab; themes and contacts have theirs too). */
export function PropertiesPanel({ item }: { item: StacItem }) {
  const { plain } = splitProperties(item.properties);
  const shown = plain.filter(([key]) => key !== 'themes' && key !== 'contacts');
  return shown.length === 0 ? <Empty>No properties</Empty> : <FieldsTable label="Properties" entries={shown} />;
}
