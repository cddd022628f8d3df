/**
 * The model execute form's rules (spec 3 §5 "Model inputs", §3 Model execution payload;
 * docs/models.md): which field an input of a model's signature gets, and what is sent.
 */

/** An input of a model's signature as the item declares it (`dlm:inputs`). */
export interface ModelSignatureInput {
  name?: string;
  type?: string;
  'tensor-spec'?: { dtype?: string; shape?: readonly number[] };
}

/** 'image': an image or file upload (a GeoTIFF or PNG becomes the tensor); 'numbers': comma-separated numbers. */
export type ModelInputKind = 'image' | 'numbers';

/** Every input is sent as FP32, with the content type "pd" (the other option is disabled) and the encoding "np" (spec 3 §5). */
export const MODEL_INPUT_DATATYPE = 'FP32';
export const MODEL_CONTENT_TYPE = 'pd';
export const MODEL_ENCODING = 'np';

/**
 * Spec 3 §5: an input is an image/file input when its type is tensor and its shape has 3
 * dimensions, or 4 with the first -1 (a batch of images); anything else is comma-separated numbers.
 */
export function modelInputKind(input: ModelSignatureInput): ModelInputKind {
  const shape = input['tensor-spec']?.shape;
  if (input.type !== 'tensor' || !Array.isArray(shape)) return 'numbers';
  return shape.length === 3 || (shape.length === 4 && shape[0] === -1) ? 'image' : 'numbers';
}

/**
 * Comma-separated numbers as the form reads them: the numbers, or the reason they are not
 * (an empty part or a part that is no finite number, named by its position).
 */
export function parseModelNumbers(text: string): { values: number[] } | { error: string } {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length === 1 && parts[0] === '') return { error: 'Enter numbers separated by commas' };
  const values: number[] = [];
  for (const [index, part] of parts.entries()) {
    const value = part === '' ? Number.NaN : Number(part);
    if (!Number.isFinite(value)) return { error: `Item ${index + 1} ("${part}") is not a number` };
    values.push(value);
  }
  return { values };
}
