/**
 * Whether JSON text nests deeper than `maxDepth`, read character by character before
 * JSON.parse: V8 parses a megabyte of `[[[[…` in a fifth of a second on the event loop, and
 * what walks the value afterwards (validation, structuredClone) overflows its stack. Strings
 * are skipped, so a bracket inside one does not count.
 */
export function jsonNestsDeeper(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > maxDepth) return true;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return false;
}
