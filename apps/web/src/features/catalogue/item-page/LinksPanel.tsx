import type { StacItem } from '@asb/contracts';
import { DataTable } from '../../../ui/DataTable';
import { Empty } from './Empty';
import { Href } from './Href';

/** The item's links: relation, title, media type and address. */
export function LinksPanel({ item }: { item: StacItem }) {
  const links = item.links ?? [];
  if (links.length === 0) return <Empty>No links</Empty>;
  return (
    <DataTable
      label="Links"
      minWidth={560}
      spacing={6}
      rows={links}
      rowKey={(_link, index) => index}
      columns={[
        { header: 'Relation', render: (link) => link.rel },
        { header: 'Title', render: (link) => link.title ?? '' },
        { header: 'Type', render: (link) => link.type ?? '' },
        { header: 'Address', render: (link) => <Href href={link.href} /> },
      ]}
    />
  );
}
