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
export const MODEL_INPUT_DATATYPE = 'FP32' as const;
export const MODEL_CONTENT_TYPE = 'pd' as const;
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

/** An input of a model as the execute form and the server read it from the item. */
export interface ModelInputField {
  name: string;
  label: string;
  doc: string;
  kind: ModelInputKind;
  /** the tensor's shape (-1: any); empty when the item gives none */
  shape: number[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const integers = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number).filter((item) => Number.isInteger(item)) : []);

/**
 * The inputs a model takes, from its item's properties: the `dlm:inputs` signature the pages show
 * (spec 3 §3 Model signature), else the STAC MLM `mlm:input` list; each with its kind (spec 3 §5).
 */
export function modelInputFields(properties: Record<string, unknown>): ModelInputField[] {
  const dlm = properties['dlm:inputs'];
  if (Array.isArray(dlm) && dlm.length > 0) {
    return dlm.filter(isRecord).map((input) => {
      const signature = input as ModelSignatureInput & { label?: unknown; doc?: unknown };
      const name = String(signature.name ?? '');
      return {
        name,
        label: typeof signature.label === 'string' && signature.label ? signature.label : name,
        doc: typeof signature.doc === 'string' ? signature.doc : '',
        kind: modelInputKind(signature),
        shape: integers(signature['tensor-spec']?.shape),
      };
    });
  }
  const mlm = properties['mlm:input'];
  if (!Array.isArray(mlm)) return [];
  return mlm.filter(isRecord).map((input) => {
    const name = String(input.name ?? '');
    const shape = integers(isRecord(input.input) ? input.input.shape : undefined);
    return {
      name,
      label: name,
      doc: typeof input.description === 'string' ? input.description : '',
      kind: modelInputKind({ type: 'tensor', 'tensor-spec': { shape } }),
      shape,
    };
  });
}

/** Spec 3 §5: with this theme feature a model runs, and a dataset is ordered, only once its licence terms are accepted. */
export const MODEL_TERMS_FEATURE = 'aiopen-tcs';
