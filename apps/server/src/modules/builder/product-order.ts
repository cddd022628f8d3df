import type { ExecutionInputGroup, ProductOrder } from '@asb/contracts';

/** The data types of one EO product of a mission, named by its product identifier. */
export const EO_PRODUCT_TYPES: readonly string[] = [
  'sentinel-1-product',
  'sentinel-2-product',
  'sentinel-3-product',
  'sentinel-5p-product',
  'landsat-8-product',
  'landsat-9-product',
  'modis-product',
];

/** Data types whose value names an EO product the datastore must fetch before the run. */
const PRODUCT_DATA_TYPES: ReadonlySet<string> = new Set([...EO_PRODUCT_TYPES, 'list-product', 'stac-item']);

/** The product order of an execution: its non-empty product inputs, 'ordered' when there is any. */
export function productOrderOf(executionId: number, inputs: ExecutionInputGroup[]): ProductOrder {
  const products = inputs.flatMap((group) =>
    group.items
      .filter((item) => PRODUCT_DATA_TYPES.has(item.data_type.toLowerCase()) && item.value.trim() !== '')
      .map((item) => ({ node_id: group.node_id, identifier: item.identifier, value: item.value })),
  );
  return { executionId: String(executionId), status: products.length > 0 ? 'ordered' : 'nothing-to-order', products };
}
