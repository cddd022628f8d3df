import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { detailError } from '../../platform/http/errors.js';
import type { ResourceDefinition } from '../../platform/resources/resource-definition.js';
import { versionOrder } from '../../platform/resources/resource-filters.js';
import { processLink } from '../knowledge/process-children.js';
import { processes, processImages } from '../knowledge/processes.schema.js';

export type ProcessImageRow = typeof processImages.$inferSelect;

const RECORDED_BY_RELEASE = 'Process images are recorded by the release of a process version and are read-only.';

/**
 * resmgr process images: the resources allocated to each released version's
 * runtime (spec 2 §3), written by the procimp release step, read here. An image
 * names its process by identifier, through which it follows the process's permissions.
 */
export const processImagesResource: ResourceDefinition<ProcessImageRow> = {
  type: 'process-images',
  name: 'process image',
  prefix: '/resmgr/v1',
  table: processImages,
  shareable: false,
  inheritsFrom: processLink(processImages.processIdentifier, processes.identifier),
  disabled: { create: RECORDED_BY_RELEASE, update: RECORDED_BY_RELEASE, archive: RECORDED_BY_RELEASE, delete: RECORDED_BY_RELEASE },
  defaultSort: 'processIdentifier,-processVersion',
  createSchema: z.object({}),
  toInsert: () => {
    throw detailError(405, RECORDED_BY_RELEASE);
  },
  updateSchema: z.object({}),
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
};
