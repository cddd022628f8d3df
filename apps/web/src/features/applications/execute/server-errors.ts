import { ApiError } from '../../../app/api/http';

/**
 * The inputs a 400 of execute names (spec 3 §5: the server checks the inputs against the
 * description and answers which is wrong): JSON:API errors whose pointer ends in the input's
 * id, a `{inputs: {id: [...]}}` or `{id: [...]}` body, or a detail that quotes the input's id.
 * What names no input is left for the general handler.
 */
export function serverInputErrors(error: unknown, inputIds: readonly string[]): Record<string, string> {
  if (!(error instanceof ApiError) || ![400, 413].includes(error.status) || !error.body || typeof error.body !== 'object') return {};
  const body = error.body as Record<string, unknown>;
  const ids = new Set(inputIds);
  const found: Record<string, string> = {};
  const add = (id: string | undefined, text: unknown) => {
    if (id && ids.has(id) && typeof text === 'string' && text) found[id] ??= text;
  };
  if (Array.isArray(body.errors)) {
    for (const item of body.errors as { detail?: string; source?: { pointer?: string } }[]) add(item.source?.pointer?.split('/').pop(), item.detail);
  }
  const nested = body.inputs && typeof body.inputs === 'object' && !Array.isArray(body.inputs) ? (body.inputs as Record<string, unknown>) : {};
  for (const [key, value] of [...Object.entries(nested), ...Object.entries(body)]) add(key, Array.isArray(value) ? value.join(' ') : value);
  if (typeof body.detail === 'string') {
    const detail = body.detail;
    // "Input threshold must be a number (float).", "Input Threshold (threshold) is required.", "Input 'count': …"
    const named = inputIds.find((id) => {
      const name = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return new RegExp(`^Input ${name}\\b|^Input [^(]*\\(${name}\\)|['"\`‘“]${name}['"\`’”]`).test(detail);
    });
    add(named, detail);
  }
  return found;
}
