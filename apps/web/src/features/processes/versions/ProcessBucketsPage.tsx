import { UNRELEASED_ARCHIVE_TEXT, UNRELEASED_COLUMNS, unreleasedSource } from './version-list-config';
import { VersionListPage } from './VersionListPage';

/** /process-buckets: 'Unreleased process versions' (spec 3 Process version lists). */
export function ProcessBucketsPage() {
  return (
    <VersionListPage
      title="Unreleased process versions"
      noun={{ name: 'Unreleased version', plural: 'unreleased versions' }}
      source={unreleasedSource}
      columns={UNRELEASED_COLUMNS}
      archiveText={UNRELEASED_ARCHIVE_TEXT}
    />
  );
}
