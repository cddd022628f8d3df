import type { WorkflowInputGroup, WorkflowInputItem } from '@asb/contracts';
import { describe, expect, it } from 'vitest';
import { productInputOf, productValue } from './product-input.js';

const input = (identifier: string, dataType: string, settings: Partial<WorkflowInputItem> = {}): WorkflowInputItem => ({
  identifier,
  label: identifier,
  defaultValue: null,
  userVisible: true,
  userEditable: true,
  dataType: { identifier: dataType, label: dataType },
  doc: '',
  description: '',
  constraints: {},
  ...settings,
});
const group = (nodeId: string, items: WorkflowInputItem[]): WorkflowInputGroup => ({ node_id: nodeId, label: nodeId, items });
const item = { id: 'S2B_MSIL2A_20300101', url: 'https://stac.example/collections/s2/items/S2B_MSIL2A_20300101' };

describe('the input a new item goes to', () => {
  it('prefers a STAC item, then an EO product, then a URL, then a file, in node order within a type', () => {
    const groups = [
      group('a', [input('aux', 'file'), input('link', 'url')]),
      group('b', [input('scene', 'sentinel-2-product')]),
      group('c', [input('item', 'stac-item')]),
    ];
    expect(productInputOf(groups)).toEqual({ nodeId: 'c', identifier: 'item', value: 'url' });
    expect(productInputOf(groups.slice(0, 2))).toEqual({ nodeId: 'b', identifier: 'scene', value: 'id' });
    expect(productInputOf(groups.slice(0, 1))).toEqual({ nodeId: 'a', identifier: 'link', value: 'url' });
    expect(productInputOf([group('a', [input('aux', 'file')]), group('b', [input('other', 'file')])])).toEqual({
      nodeId: 'a',
      identifier: 'aux',
      value: 'url',
    });
  });

  it('passes by inputs the user may not fill, and finds none in a workflow without such inputs', () => {
    expect(
      productInputOf([group('a', [input('hidden', 'stac-item', { userVisible: false }), input('fixed', 'stac-item', { userEditable: false })])]),
    ).toBeUndefined();
    expect(productInputOf([group('a', [input('label', 'string')])])).toBeUndefined();
  });

  it('gives EO product inputs the item id and the others its address', () => {
    expect(productValue({ nodeId: 'a', identifier: 'scene', value: 'id' }, item)).toBe(item.id);
    expect(productValue({ nodeId: 'a', identifier: 'item', value: 'url' }, item)).toBe(item.url);
  });
});
