import { describe, expect, it } from 'vitest';
import { modelInputKind, parseModelNumbers } from './model-inputs.js';

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
});
