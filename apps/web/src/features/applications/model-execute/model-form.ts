import {
  MAX_MODEL_INPUT_FILE_BYTES,
  MODEL_CONTENT_TYPE,
  MODEL_INPUT_DATATYPE,
  parseModelNumbers,
  type ModelExecutionRequest,
  type ModelInputField,
} from '@asb/contracts';

/** What the form holds per input: a file for an image input, text for a numbers input. */
export type ModelFormValue = File | string | null;
export type ModelFormValues = Record<string, ModelFormValue>;

const IMAGE_FILE = /\.(tiff?|png)$/i;

/** The shape as the form shows it: [batch, 4, height, width] reads "-1 × 4 × -1 × -1" as "any × 4 × any × any". */
export const shapeText = (shape: readonly number[]) =>
  shape.length === 0 ? 'any' : shape.map((dimension) => (dimension < 0 ? 'any' : String(dimension))).join(' × ');

/** The error of one field, or undefined when its value can be sent (spec 3 §5 "Model inputs"; 20 MB per file, spec 3 §9). */
export function modelFieldError(field: ModelInputField, value: ModelFormValue): string | undefined {
  if (field.kind === 'image') {
    if (!(value instanceof File)) return 'Choose a GeoTIFF or PNG file';
    if (!IMAGE_FILE.test(value.name) && !/^image\/(tiff|png)$/.test(value.type)) return 'The file must be a GeoTIFF (.tif) or a PNG (.png)';
    if (value.size > MAX_MODEL_INPUT_FILE_BYTES) return 'The file is larger than 20 MB';
    return undefined;
  }
  const parsed = parseModelNumbers(typeof value === 'string' ? value : '');
  return 'error' in parsed ? parsed.error : undefined;
}

/** A file's bytes as base64 text. */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text = '';
  for (let at = 0; at < bytes.length; at += 0x8000) text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(text);
}

/**
 * The execute_model request of the form (spec 3 §3 "Model execution payload", "Model execution
 * request"): each image input's file in base64 with its type and name, each numbers input's
 * numbers; FP32, content type "pd".
 */
export async function modelExecutionRequest(
  collection: string,
  identifier: string,
  fields: readonly ModelInputField[],
  values: ModelFormValues,
): Promise<ModelExecutionRequest> {
  const inputs = await Promise.all(
    fields.map(async (field) => {
      const value = values[field.name] ?? null;
      const parameters = { content_type: MODEL_CONTENT_TYPE } as const;
      if (value instanceof File) {
        const fileType = /\.png$/i.test(value.name) || value.type === 'image/png' ? 'image/png' : 'image/tiff';
        return { name: field.name, datatype: MODEL_INPUT_DATATYPE, data: await base64Of(value), file_type: fileType, file_name: value.name, parameters };
      }
      const parsed = parseModelNumbers(value ?? '');
      return { name: field.name, datatype: MODEL_INPUT_DATATYPE, shape: field.shape, data: 'values' in parsed ? parsed.values : [], parameters };
    }),
  );
  return { identifier, collection, inputs: { parameters: { content_type: MODEL_CONTENT_TYPE }, inputs } };
}
