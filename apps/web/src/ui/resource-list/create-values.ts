import type { CreateField } from './types';

/** The form values with derived fields (the slug) computed from the others. */
export function withDerived(fields: CreateField[], values: Record<string, string>): Record<string, string> {
  const result = { ...values };
  for (const field of fields) if (field.derive) result[field.name] = field.derive(values);
  return result;
}

/** What is sent: trimmed, transformed values of every field. */
export function payloadOf(fields: CreateField[], values: Record<string, string>): Record<string, string> {
  const all = withDerived(fields, values);
  return Object.fromEntries(
    fields.map((field) => {
      const value = (all[field.name] ?? '').trim();
      return [field.name, field.transform ? field.transform(value) : value];
    }),
  );
}

/** Required fields must be non-empty before the submit button enables. */
export function isComplete(fields: CreateField[], values: Record<string, string>): boolean {
  const all = withDerived(fields, values);
  return fields.every((field) => !field.isRequired || (all[field.name] ?? '').trim() !== '');
}
