/**
 * Node prints an uncaught error as the source line, a caret, a blank line, then `Name: message`
 * (`Error: ENOENT: …`, `TypeError [ERR_X]: …`), its frames (`    at …`), the error's own fields
 * and `Node.js v…`: the last lines of that are frames and fields, the cause is the `Name:` line.
 */
const ERROR_LINE = /^(?:Uncaught )?\[?(?:[A-Z][\w.$]*)?(?:Error|Exception)(?: \[[\w-]+\])?:/;

/** The first error line of a crashed script's output, or undefined when it printed none. */
export function firstErrorLine(lines: readonly string[]): string | undefined {
  return lines.find((line) => ERROR_LINE.test(line))?.trim();
}
