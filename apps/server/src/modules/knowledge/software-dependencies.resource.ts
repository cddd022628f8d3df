import { createSoftwareDependencySchema, updateSoftwareDependencySchema } from '@asb/contracts';
import type { ResourceDefinition } from '../../platform/resources/resource-definition.js';
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
export const softwareDependenciesResource: ResourceDefinition<SoftwareDependencyRow> = {
  type: 'software-dependencies',
  name: 'software dependency',
  prefix: '/knowledge/v1',
  table: softwareDependencies,
  ...staffCurated,
  defaultSort: 'id',
  createSchema: createSoftwareDependencySchema,
  toInsert: async (attributes, principal, ctx) => {
    const identifier = catalogueIdentifier(attributes);
    return {
      identifier,
      slug: identifier,
      label: attributes.label as string,
      isMain: (attributes.isMain as boolean | undefined) ?? false,
      requirements: await checkedRequirements(ctx.db, identifier, (attributes.requirements as string[] | undefined) ?? []),
      install: (attributes.install as string | undefined) ?? '',
      ownerId: principal.username,
    };
  },
  duplicateField: identifierOrLabel,
  duplicateMessage: 'A software dependency with this identifier already exists.',
  updateSchema: updateSoftwareDependencySchema,
  toUpdate: async (attributes, row, ctx) => {
    const requirements = attributes.requirements as string[] | undefined;
    return requirements ? { ...attributes, requirements: await checkedRequirements(ctx.db, row.identifier, requirements) } : attributes;
  },
  onDelete: (resource, tx) => assertNotRequired(tx, resource.row.identifier),
  attributes: (row) => ({ isMain: row.isMain, requirements: row.requirements, install: row.install }),
  filters: { isMain: booleanFilter('isMain', softwareDependencies.isMain) },
  sortable: { isMain: softwareDependencies.isMain },
};
