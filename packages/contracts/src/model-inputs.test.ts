import { describe, expect, it } from 'vitest';
import { itemLicenceUrl } from './applications.js';
import { modelInputFields, modelInputKind, parseModelNumbers } from './model-inputs.js';

const tensor = (shape: number[]) => ({ type: 'tensor', 'tensor-spec': { dtype: 'float32', shape } });

describe('model inputs (spec 3 §5)', () => {
  it('makes a tensor of 3 dimensions, or of 4 with a first dimension of -1, an image input', () => {
    expect(modelInputKind(tensor([3, 256, 256]))).toBe('image');
    expect(modelInputKind(tensor([-1, 4, -1, -1]))).toBe('image');
    expect(modelInputKind(tensor([-1, 4, 64, 64]))).toBe('image');
  });

  it('reads every other input as comma-separated numbers', () => {
    expect(modelInputKind(tensor([1, 4, 64, 64]))).toBe('numbers');
    expect(modelInputKind(tensor([-1, 10]))).toBe('numbers');
    expect(modelInputKind(tensor([5]))).toBe('numbers');
    expect(modelInputKind(tensor([-1, 2, 3, 4, 5]))).toBe('numbers');
    expect(modelInputKind({ type: 'scalar', 'tensor-spec': { shape: [3, 4, 5] } })).toBe('numbers');
    expect(modelInputKind({ type: 'tensor' })).toBe('numbers');
  });

  it('parses comma-separated numbers, naming the part that is not one', () => {
    expect(parseModelNumbers(' 1, 2.5 ,-3e2')).toEqual({ values: [1, 2.5, -300] });
    expect(parseModelNumbers('')).toEqual({ error: 'Enter numbers separated by commas' });
    expect(parseModelNumbers('1,,2')).toEqual({ error: 'Item 2 ("") is not a number' });
    expect(parseModelNumbers('1, x')).toEqual({ error: 'Item 2 ("x") is not a number' });
    expect(parseModelNumbers('Infinity')).toEqual({ error: 'Item 1 ("Infinity") is not a number' });
  });

  it("reads a model's inputs from its dlm: signature, else from its MLM inputs", () => {
    const dlm = {
      'dlm:inputs': [
        { name: 'bands', label: 'Scene', type: 'tensor', doc: '4 bands', 'tensor-spec': { dtype: 'float32', shape: [-1, 4, -1, -1] } },
        { name: 'threshold', type: 'tensor', 'tensor-spec': { shape: [1] } },
      ],
      'mlm:input': [{ name: 'ignored', input: { shape: [3, 8, 8] } }],
    };
    expect(modelInputFields(dlm)).toEqual([
      { name: 'bands', label: 'Scene', doc: '4 bands', kind: 'image', shape: [-1, 4, -1, -1] },
      { name: 'threshold', label: 'threshold', doc: '', kind: 'numbers', shape: [1] },
    ]);
    expect(modelInputFields({ 'mlm:input': [{ name: 'chip', description: 'RGB chip', input: { shape: [3, 224, 224] } }] })).toEqual([
      { name: 'chip', label: 'chip', doc: 'RGB chip', kind: 'image', shape: [3, 224, 224] },
    ]);
    expect(modelInputFields({})).toEqual([]);
  });

  it("names a model's licence by its license link, else the SPDX page of its identifier (spec 3 §9)", () => {
    expect(itemLicenceUrl({ properties: { license: 'CC0-1.0' } })).toBe('https://spdx.org/licenses/CC0-1.0.html');
    expect(itemLicenceUrl({ links: [{ rel: 'license', href: 'https://example.org/terms' }], properties: { license: 'other' } })).toBe(
      'https://example.org/terms',
    );
    expect(itemLicenceUrl({ properties: { license: 'proprietary' } })).toBeUndefined();
    expect(itemLicenceUrl({ properties: {} })).toBeUndefined();
  });
});
