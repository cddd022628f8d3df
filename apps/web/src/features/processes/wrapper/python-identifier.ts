/** Python 3 keywords (and soft keywords that are awkward as names). */
const KEYWORDS = new Set([
  'False',
  'None',
  'True',
  'and',
  'as',
  'assert',
  'async',
  'await',
  'break',
  'class',
  'continue',
  'def',
  'del',
  'elif',
  'else',
  'except',
  'finally',
  'for',
  'from',
  'global',
  'if',
  'import',
  'in',
  'is',
  'lambda',
  'nonlocal',
  'not',
  'or',
  'pass',
  'raise',
  'return',
  'try',
  'while',
  'with',
  'yield',
  'match',
  'case',
  'type',
  '_',
]);

/**
 * Spec 2 §5: wrapper input names become valid Python identifiers. Lower-case
 * snake_case from the name ('Input 1' -> 'input_1', 'Rouge (B4)' -> 'rouge_b4');
 * a leading digit gets '_', keywords and `reserved` names get a trailing '_',
 * an empty result becomes `fallback`.
 */
export function toPythonIdentifier(name: string, fallback = 'value', reserved: readonly string[] = []): string {
  const ascii = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  let identifier = ascii
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!identifier) identifier = fallback;
  if (/^[0-9]/.test(identifier)) identifier = `_${identifier}`;
  while (KEYWORDS.has(identifier) || reserved.includes(identifier)) identifier = `${identifier}_`;
  return identifier;
}

/** Identifiers for a list of names; repeated ones get _2, _3... so that none collide. */
export function uniqueIdentifiers(names: string[], fallback: string, reserved: readonly string[] = []): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    const base = toPythonIdentifier(name, fallback, reserved);
    let candidate = base;
    for (let n = 2; used.has(candidate); n += 1) candidate = `${base}_${n}`;
    used.add(candidate);
    return candidate;
  });
}
