import { dataTypesContract } from '@asb/contracts';
import { resourceOf } from '../../platform/resources/resource-contract.js';
import { catalogueIdentifier, identifierOrLabel } from './catalogue-identifier.js';
import { dataTypes } from './processes.schema.js';
import { staffCurated } from './staff-curated.js';

export type DataTypeRow = typeof dataTypes.$inferSelect;

/**
 * Data types of wrapper inputs and outputs (spec 2 Wrapper Generator). Listed by id
 * by default: the order of the seed (docs/seed-data.md), where the generator's
 * default, index 45, is 'string'.
 */
export const dataTypesResource = resourceOf(dataTypesContract).define<DataTypeRow>({
  table: dataTypes,
  ...staffCurated,
  defaultSort: 'id',
  toInsert: (attributes, principal) => {
    const identifier = catalogueIdentifier(attributes);
    return {
      identifier,
      slug: identifier,
      label: attributes.label,
      description: attributes.description ?? '',
      ownerId: principal.username,
    };
  },
  duplicateField: identifierOrLabel,
  duplicateMessage: 'A data type with this identifier already exists.',
  searchColumns: [dataTypes.identifier, dataTypes.label, dataTypes.description],
  attributes: (row) => ({ description: row.description }),
});
