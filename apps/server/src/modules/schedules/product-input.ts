import { EO_PRODUCT_TYPES, type WorkflowInputGroup } from '@asb/contracts';

/**
 * Where on-new-data puts a new item (docs/schedules.md "On new data"): the workflow
 * input that takes a product, chosen by data type in this order of preference, then in
 * node order. STAC items, URLs and files take the item's address; EO product types take
 * the item's id (a STAC item of such a collection is named by its product identifier).
 * Only inputs the user may fill count: hidden or read-only ones keep the workflow's value.
 */
const PRODUCT_INPUT_TYPES: readonly { dataType: string; value: 'url' | 'id' }[] = [
  { dataType: 'stac-item', value: 'url' },
  ...EO_PRODUCT_TYPES.map((dataType) => ({ dataType, value: 'id' as const })),
  { dataType: 'url', value: 'url' },
  { dataType: 'file', value: 'url' },
];

export const NO_PRODUCT_INPUT = `The workflow has no input to receive the new items: it needs a fillable input of type ${PRODUCT_INPUT_TYPES.map((type) => type.dataType).join(', ')}.`;

/** The input a new item goes to, or undefined when the workflow has none. */
export interface ProductInput {
  nodeId: string;
  identifier: string;
  /** what the input takes of the item */
  value: 'url' | 'id';
}

/** A new item of the watched collection. */
export interface NewItem {
  id: string;
  /** its address: the self link, else `{items URL}/{id}` */
  url: string;
}

export function productInputOf(groups: WorkflowInputGroup[]): ProductInput | undefined {
  for (const type of PRODUCT_INPUT_TYPES) {
    for (const group of groups) {
      const item = group.items.find((candidate) => candidate.userVisible && candidate.userEditable && candidate.dataType.identifier === type.dataType);
      if (item) return { nodeId: group.node_id, identifier: item.identifier, value: type.value };
    }
  }
  return undefined;
}

/** The input value the item gives the chosen input. */
export function productValue(input: ProductInput, item: NewItem): string {
  return input.value === 'id' ? item.id : item.url;
}
