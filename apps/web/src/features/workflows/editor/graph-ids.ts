const MAX_ID_LENGTH = 63;
/** room left for a `-{n}` suffix */
const MAX_BASE_LENGTH = MAX_ID_LENGTH - 5;

/** A node id base from a process identifier: lowercase letters, digits, `-` and `_` only. */
export function nodeIdBase(identifier: string): string {
  const cleaned = identifier
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, MAX_BASE_LENGTH)
    .replace(/[-_]+$/, '');
  return cleaned || 'node';
}

/** The first free id among `base`, `base-2`, `base-3`...; always matches NODE_ID_PATTERN. */
export function uniqueNodeId(identifier: string, taken: Iterable<string>): string {
  const base = nodeIdBase(identifier);
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}
