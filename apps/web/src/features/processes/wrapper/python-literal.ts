/** A value a wrapper can declare as an input default. */
export type PythonValue = string | number | boolean | null;

/**
 * A string literal as Python's json.dumps writes it (ensure_ascii): JSON
 * escapes, every non-ASCII character as \uXXXX, and characters beyond the BMP
 * as \UXXXXXXXX (a Python literal does not join surrogate pairs as JSON does).
 */
export function pythonString(value: string): string {
  let result = '"';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (char === '"' || char === '\\') result += `\\${char}`;
    else if (char === '\n') result += '\\n';
    else if (char === '\r') result += '\\r';
    else if (char === '\t') result += '\\t';
    else if (code < 0x20 || (code >= 0x7f && code <= 0xffff)) result += `\\u${code.toString(16).padStart(4, '0')}`;
    else if (code > 0xffff) result += `\\U${code.toString(16).padStart(8, '0')}`;
    else result += char;
  }
  return `${result}"`;
}

/** A Python literal: True/False/None, numbers, escaped strings. */
export function pythonLiteral(value: PythonValue): string {
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') {
    // NaN and infinities have no literal; the form never produces them
    if (!Number.isFinite(value)) throw new RangeError(`${value} has no Python literal`);
    return String(value);
  }
  return pythonString(value);
}

/** A dict literal with string keys, in the given key order; a value may be a list of strings (an input's enum). */
export function pythonDict(entries: [string, PythonValue | string[]][]): string {
  const literal = (value: PythonValue | string[]) => (Array.isArray(value) ? `[${value.map(pythonString).join(', ')}]` : pythonLiteral(value));
  return `{${entries.map(([key, value]) => `${pythonString(key)}: ${literal(value)}`).join(', ')}}`;
}
