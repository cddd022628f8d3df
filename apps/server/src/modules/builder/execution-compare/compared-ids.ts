import { detailError } from '../../../platform/http/errors.js';

const USAGE = 'Compare takes exactly two execution ids: ids=12,13.';

/** The ids of `ids=a,b` (or `ids=a&ids=b`); a 400 naming the rule for anything but two different ones. */
export function comparedIds(ids: string | string[]): [string, string] {
  const parts = (Array.isArray(ids) ? ids : [ids])
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '');
  if (parts.length !== 2) throw detailError(400, `${USAGE} Got ${parts.length === 0 ? 'none' : `${parts.length}`}.`);
  const [left, right] = parts as [string, string];
  if (left === right) throw detailError(400, `${USAGE} Both are ${left}: choose two different executions.`);
  return [left, right];
}
