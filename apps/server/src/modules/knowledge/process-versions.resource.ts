import { processVersionsContract } from '@asb/contracts';
import { detailError } from '../../platform/http/errors.js';
import { resourceOf } from '../../platform/resources/resource-contract.js';
import { booleanFilter, versionOrder } from '../../platform/resources/resource-filters.js';
import { processIdentifierFilter, processLink } from './process-children.js';
import { processVersions } from './processes.schema.js';

export type VersionRow = typeof processVersions.$inferSelect;

const CREATED_BY_RELEASE = 'Process versions are created by Build & Release of an unreleased version (process-buckets).';

/**
 * Released process versions: immutable snapshots the procimp release step writes.
 * Through this API they are listed, read, archived (hidden in the workflow editor
 * and on the process page) and unarchived; nothing else. Permissions are the process's.
 */
export const processVersionsResource = resourceOf(processVersionsContract).define<VersionRow>({
  table: processVersions,
  shareable: false,
  inheritsFrom: processLink(processVersions.processId),
  defaultSort: '-value',
  disabled: {
    create: CREATED_BY_RELEASE,
    update: 'A released version is read-only: archive or unarchive it instead.',
    delete: 'A released version cannot be deleted: archive it to hide it, or delete its process.',
  },
  toInsert: () => {
    throw detailError(405, CREATED_BY_RELEASE);
  },
  attributes: (row, process) => ({
    value: row.value,
    released: row.released,
    processId: String(row.processId),
    processIdentifier: process?.identifier ?? '',
    processLabel: process?.label ?? '',
    processOwnerId: process?.ownerId ?? '',
    bucketId: row.bucketId === null ? null : String(row.bucketId),
    signature: row.signature,
    dependencies: row.dependencies,
    manifest: row.manifest,
  }),
  filters: {
    released: booleanFilter('released', processVersions.released),
    processIdentifier: processIdentifierFilter(processVersions.processId),
  },
  sortable: { value: versionOrder(processVersions.value) },
});
