import { Container } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ResourceList } from '../../../ui/resource-list';
import { RELEASED_ARCHIVE_TEXT, RELEASED_COLUMNS, releasedSource, VERSION_PRESETS, versionListFilter } from './version-list-config';

/** /process-versions: 'Released process versions' (spec 3 Process version lists). */
export function ProcessVersionsPage() {
  const f = useSearchParams()[0].get('f');
  return (
    <Container size="xl" py="xl">
      {/* keyed by ?f= so that following another process's link starts from its filter */}
      <ResourceList
        key={f}
        title="Released process versions"
        noun={{ name: 'Process version', plural: 'process versions' }}
        source={releasedSource}
        columns={RELEASED_COLUMNS}
        filterPresets={VERSION_PRESETS}
        defaultFilter={versionListFilter(f)}
        defaultSort="-createdAt"
        rowActions={{ archiveText: RELEASED_ARCHIVE_TEXT }}
      />
    </Container>
  );
}
