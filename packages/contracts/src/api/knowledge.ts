import {
  createDataTypeSchema,
  createSoftwareDependencySchema,
  dataTypeAttributesSchema,
  softwareDependencyAttributesSchema,
  updateDataTypeSchema,
  updateSoftwareDependencySchema,
} from '../processes.js';
import { resourceContract } from './resource-operations.js';

/** The instance catalogues (spec 2 §7): data types and software dependencies. */
export const dataTypesContract = resourceContract('/knowledge/v1', 'data-types', 'data type', {
  attributes: dataTypeAttributesSchema,
  create: createDataTypeSchema,
  update: updateDataTypeSchema,
});

export const softwareDependenciesContract = resourceContract('/knowledge/v1', 'software-dependencies', 'software dependency', {
  attributes: softwareDependencyAttributesSchema,
  create: createSoftwareDependencySchema,
  update: updateSoftwareDependencySchema,
});
