/**
 * Spec 1 §5: the slug is derived from the name: lowercased, accents folded,
 * punctuation replaced by hyphens, other non-alphanumerics dropped.
 */
export function deriveSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s\p{P}]+/gu, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}
