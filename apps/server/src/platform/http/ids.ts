import { MAX_ID } from '@asb/contracts';

/** The largest id a PostgreSQL integer column holds (packages/contracts, shared with the path schemas). */
export { MAX_ID };

/**
 * Ids as this server writes them: 1 to 2³¹ − 1 in plain decimal ('0x5', '5e0', '1.0' and '007'
 * name nothing). Anything else names no row and must never reach a query: past 2³¹ − 1
 * PostgreSQL refuses the comparison with an integer column (a 500).
 */
export function rowId(id: string): number | undefined {
  if (!/^[1-9][0-9]{0,9}$/.test(id)) return undefined;
  const value = Number(id);
  return value <= MAX_ID ? value : undefined;
}

/** Whether a text from a path can name a stored row at all: PostgreSQL's text holds no NUL character, and comparing one fails the query (a 500). */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000');
}
