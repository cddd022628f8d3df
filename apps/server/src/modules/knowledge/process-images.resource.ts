import { processImagesContract } from '@asb/contracts';
import { eq } from 'drizzle-orm';
import { detailError } from '../../platform/http/errors.js';
import { resourceOf } from '../../platform/resources/resource-contract.js';
import { versionOrder } from '../../platform/resources/resource-filters.js';
import { processLink } from './process-children.js';
import { processes, processImages } from './processes.schema.js';

export type ProcessImageRow = typeof processImages.$inferSelect;

const RECORDED_BY_RELEASE = 'Process images are recorded by the release of a process version and are read-only.';

/**
 * Process images (/resmgr/v1/process-images): the resources allocated to each released
 * version's runtime (spec 2 §3), written by the procimp release step, read here. They are
 * the knowledge store's, served under the resource manager's prefix of the spec. An image
 * names its process by identifier, through which it follows the process's permissions.
 */
export const processImagesResource = resourceOf(processImagesContract).define<ProcessImageRow>({
  table: processImages,
  shareable: false,
  inheritsFrom: processLink(processImages.processIdentifier, processes.identifier),
  disabled: { create: RECORDED_BY_RELEASE, update: RECORDED_BY_RELEASE, archive: RECORDED_BY_RELEASE, delete: RECORDED_BY_RELEASE },
  defaultSort: 'processIdentifier,-processVersion',
  toInsert: () => {
    throw detailError(405, RECORDED_BY_RELEASE);
  },
  attributes: (row) => ({
    processIdentifier: row.processIdentifier,
    processVersion: row.processVersion,
    allocatedCpus: row.allocatedCpus,
    allocatedMem: row.allocatedMem,
    allocatedDisk: row.allocatedDisk,
    allocatedGpus: row.allocatedGpus,
  }),
  filters: {
    processIdentifier: (value) => eq(processImages.processIdentifier, value),
    processVersion: (value) => eq(processImages.processVersion, value),
  },
  sortable: { processIdentifier: processImages.processIdentifier, processVersion: versionOrder(processImages.processVersion) },
});
