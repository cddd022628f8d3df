import { deriveSlug, PROCESS_TYPES, processesContract } from '@asb/contracts';
import { eq } from 'drizzle-orm';
import { attributeErrors } from '../../platform/http/errors.js';
import { resourceOf } from '../../platform/resources/resource-contract.js';
import { oneOfFilter } from '../../platform/resources/resource-filters.js';
import type { ProcessRow } from './process-access.js';
import { processes, processImages } from './processes.schema.js';

/**
 * Processes (spec 2 Process list and page). identifier = slug, derived from the label
 * when the client sends none, unique and never changed: versions and images are named
 * after it. `type` separates user processes (wps, the default) from snippets (python).
 * Buckets, versions and images are children: they follow a process's permissions.
 */
export const processesResource = resourceOf(processesContract).define<ProcessRow>({
  table: processes,
  shareable: true,
  defaultSort: 'label',
  toInsert: (attributes, principal) => {
    const { label } = attributes;
    const slug = attributes.slug || deriveSlug(label);
    if (!slug) throw attributeErrors({ label: 'The name needs a letter or a digit to derive the slug from.' });
    return {
      identifier: slug,
      slug,
      label,
      description: attributes.description ?? '',
      type: attributes.type ?? 'wps',
      ownerId: principal.username,
    };
  },
  // The create form shows the slug under the name: a taken slug is reported on the
  // field the client filled, or on the name it was derived from.
  duplicateField: (attributes) => (attributes.slug ? 'slug' : 'label'),
  duplicateMessage: 'A process with this slug already exists.',
  attributes: (row) => ({ description: row.description, type: row.type }),
  filters: { type: oneOfFilter('type', processes.type, PROCESS_TYPES) },
  sortable: { type: processes.type },
  // Buckets and versions go by foreign-key cascade, images of versions with them;
  // images are named by process identifier, so those without a version go here.
  onDelete: async (resource, tx) => {
    await tx.delete(processImages).where(eq(processImages.processIdentifier, resource.row.identifier));
  },
});
