import { isRecord } from './ades-client.js';

/** Whether the process description says the input takes a file (a reference), not a plain string. */
function takesFile(description: Record<string, unknown> | undefined, name: string): boolean {
  const inputs = description && isRecord(description.inputs) ? description.inputs : undefined;
  const input = inputs && isRecord(inputs[name]) ? inputs[name] : undefined;
  const text = JSON.stringify(input?.schema ?? {});
  return /"format":"(uri|binary|uri-reference)"|contentMediaType|"href"/.test(text);
}

/**
 * The task's inputs in OGC form: CWL File and Directory values (`{class, location|path}`)
 * become references (`{href}`), as does a URL given to an EO-product input (`products`: not
 * staged here, the ADES fetches the product) or to an input the description says takes a
 * file; everything else is sent as it is (literals, arrays, objects).
 */
export function ogcInputs(inputs: Record<string, unknown>, description?: Record<string, unknown>, products: string[] = []): Record<string, unknown> {
  const convert = (name: string, value: unknown): unknown => {
    if (Array.isArray(value)) return value.map((entry) => convert(name, entry));
    if (isRecord(value) && (value.class === 'File' || value.class === 'Directory')) {
      const href = value.location ?? value.path;
      return typeof href === 'string' ? { href } : value;
    }
    if (typeof value === 'string' && /^https?:\/\//.test(value) && (products.includes(name) || takesFile(description, name))) return { href: value };
    return value;
  };
  return Object.fromEntries(Object.entries(inputs).map(([name, value]) => [name, convert(name, value)]));
}
