import { softwareDependenciesContract } from '@asb/contracts';
import { resourceOf } from '../../platform/resources/resource-contract.js';
import { booleanFilter } from '../../platform/resources/resource-filters.js';
import { catalogueIdentifier, identifierOrLabel } from './catalogue-identifier.js';
import { softwareDependencies } from './processes.schema.js';
import { assertNotRequired, checkedRequirements } from './software-requirements.js';
import { staffCurated } from './staff-curated.js';

export type SoftwareDependencyRow = typeof softwareDependencies.$inferSelect;

/**
 * Software a wrapper may depend on (spec 2 Wrapper Generator): main dependencies
 * list the identifiers they require; `install` is what the generated Dockerfile
 * installs (apt:/pip: tokens, docs/seed-data.md).
 */
export const softwareDependenciesResource = resourceOf(softwareDependenciesContract).define<SoftwareDependencyRow>({
  table: softwareDependencies,
  ...staffCurated,
  defaultSort: 'id',
  toInsert: async (attributes, principal, ctx) => {
    const identifier = catalogueIdentifier(attributes);
    return {
      identifier,
      slug: identifier,
      label: attributes.label,
      isMain: attributes.isMain ?? false,
      requirements: await checkedRequirements(ctx.db, identifier, attributes.requirements ?? []),
      install: attributes.install ?? '',
      ownerId: principal.username,
    };
  },
  duplicateField: identifierOrLabel,
  duplicateMessage: 'A software dependency with this identifier already exists.',
  toUpdate: async (attributes, row, ctx) => {
    const { requirements } = attributes;
    return requirements ? { ...attributes, requirements: await checkedRequirements(ctx.db, row.identifier, requirements) } : attributes;
  },
  onDelete: (resource, tx) => assertNotRequired(tx, resource.row.identifier),
  attributes: (row) => ({ isMain: row.isMain, requirements: row.requirements, install: row.install }),
  filters: { isMain: booleanFilter('isMain', softwareDependencies.isMain) },
  sortable: { isMain: softwareDependencies.isMain },
});
