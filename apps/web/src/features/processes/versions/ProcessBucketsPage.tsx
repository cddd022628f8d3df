import { Container } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ResourceList } from '../../../ui/resource-list';
import { UNRELEASED_ARCHIVE_TEXT, UNRELEASED_COLUMNS, unreleasedSource, VERSION_PRESETS, versionListFilter } from './version-list-config';

/** /process-buckets: 'Unreleased process versions' (spec 3 Process version lists). */
export function ProcessBucketsPage() {
  const f = useSearchParams()[0].get('f');
  return (
    <Container size="xl" py="xl">
      {/* keyed by ?f= so that following another process's link starts from its filter */}
      <ResourceList
        key={f}
        title="Unreleased process versions"
        noun={{ name: 'Unreleased version', plural: 'unreleased versions' }}
        source={unreleasedSource}
        columns={UNRELEASED_COLUMNS}
        filterPresets={VERSION_PRESETS}
        defaultFilter={versionListFilter(f)}
        defaultSort="-createdAt"
        rowActions={{ archiveText: UNRELEASED_ARCHIVE_TEXT }}
      />
    </Container>
  );
}
