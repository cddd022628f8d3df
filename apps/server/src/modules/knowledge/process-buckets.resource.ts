import { DEFAULT_PROCESS_RESOURCES, processBucketsContract } from '@asb/contracts';
import { resourceOf } from '../../platform/resources/resource-contract.js';
import { booleanFilter, versionOrder } from '../../platform/resources/resource-filters.js';
import { nextVersionValue } from './bucket-numbering.js';
import { changedResources } from './bucket-resources.js';
import { processIdentifierFilter, processLink } from './process-children.js';
import { processBuckets } from './processes.schema.js';

export type BucketRow = typeof processBuckets.$inferSelect;

/**
 * Process buckets: the unreleased versions of a process, each the working area
 * procimp uploads files into and builds. POST with relationships.process creates
 * the next one; PATCH changes its resources until it is released; the build
 * columns belong to procimp. Every permission is the process's (processLink).
 */
export const processBucketsResource = resourceOf(processBucketsContract).define<BucketRow>({
  table: processBuckets,
  shareable: false,
  inheritsFrom: processLink(processBuckets.processId),
  defaultSort: '-value',
  toInsert: async (_attributes, principal, ctx, parent) => {
    const process = parent!.row;
    const value = await nextVersionValue(ctx.db, process.id);
    // resources stay null until chosen: the build then takes the wrapper's RESOURCES (procimp).
    return { identifier: `${process.identifier}:${value}`, label: process.label, ownerId: principal.username, processId: process.id, value };
  },
  // Two simultaneous POSTs may number alike; the unique identifier refuses one, which numbers again.
  duplicateRetries: 5,
  toUpdate: (attributes, row) => ({ resources: changedResources(attributes.resources, row.resources) }),
  lockedReason: (row, action) => (action !== 'view' && row.released ? `Bucket #${row.id} is released: it is read-only.` : undefined),
  attributes: (row, process) => ({
    value: row.value,
    released: row.released,
    processId: String(row.processId),
    processIdentifier: process?.identifier ?? '',
    processLabel: process?.label ?? '',
    versionId: row.versionId === null ? null : String(row.versionId),
    buildStatus: row.buildStatus,
    buildKind: row.buildKind,
    resources: row.resources ?? DEFAULT_PROCESS_RESOURCES,
  }),
  filters: {
    released: booleanFilter('released', processBuckets.released),
    processIdentifier: processIdentifierFilter(processBuckets.processId),
  },
  sortable: { value: versionOrder(processBuckets.value), buildStatus: processBuckets.buildStatus },
});
