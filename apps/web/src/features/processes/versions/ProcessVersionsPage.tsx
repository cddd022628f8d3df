import { RELEASED_ARCHIVE_TEXT, RELEASED_COLUMNS, releasedSource } from './version-list-config';
import { VersionListPage } from './VersionListPage';

/** /process-versions: 'Released process versions' (spec 3 Process version lists). */
export function ProcessVersionsPage() {
  return (
    <VersionListPage
      title="Released process versions"
      noun={{ name: 'Process version', plural: 'process versions' }}
      source={releasedSource}
      columns={RELEASED_COLUMNS}
      archiveText={RELEASED_ARCHIVE_TEXT}
    />
  );
}
