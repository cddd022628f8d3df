import { PRODUCT_DATA_TYPES, type ExecutionInputGroup, type ProductOrder } from '@asb/contracts';

/** The product order of an execution: its non-empty product inputs, 'ordered' when there is any. */
export function productOrderOf(executionId: number, inputs: ExecutionInputGroup[]): ProductOrder {
  const products = inputs.flatMap((group) =>
    group.items
      .filter((item) => PRODUCT_DATA_TYPES.has(item.data_type.toLowerCase()) && item.value.trim() !== '')
      .map((item) => ({ node_id: group.node_id, identifier: item.identifier, value: item.value })),
  );
  return { executionId: String(executionId), status: products.length > 0 ? 'ordered' : 'nothing-to-order', products };
}
