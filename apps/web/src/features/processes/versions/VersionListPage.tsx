import { Container } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ResourceList, type ResourceListProps } from '../../../ui/resource-list';
import { VERSION_PRESETS, versionListFilter } from './version-list-config';

type VersionListProps<A extends object> = Pick<ResourceListProps<A>, 'title' | 'noun' | 'source' | 'columns'> & { archiveText: string };

/** The released and unreleased version lists: the generic list, starting from the ?f= filter of a process link. */
export function VersionListPage<A extends object>({ archiveText, ...list }: VersionListProps<A>) {
  const f = useSearchParams()[0].get('f');
  return (
    <Container size="xl" py="xl">
      {/* keyed by ?f= so that following another process's link starts from its filter */}
      <ResourceList
        key={f}
        {...list}
        filterPresets={VERSION_PRESETS}
        defaultFilter={versionListFilter(f)}
        defaultSort="-createdAt"
        rowActions={{ archiveText }}
      />
    </Container>
  );
}
