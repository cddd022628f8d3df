import vm from 'node:vm';
import { anchoredPattern, type PatternMatcher } from '@asb/contracts';

/** A catastrophic pattern ('(a+)+$') is stopped after this; the value then counts as not matching. */
const PATTERN_TIME_LIMIT_MS = 50;
const sandbox = vm.createContext({ anchoredPattern, pattern: '', value: '' });

/**
 * The server's pattern matcher for the input constraints a process declares (docs/process-runtime.md
 * "Input constraints"): the patterns are written by process authors, so a hostile one must not
 * hold the event loop; it runs in a vm context with a time limit.
 */
export const guardedMatch: PatternMatcher = (pattern, value) => {
  Object.assign(sandbox, { pattern, value });
  try {
    return vm.runInContext('anchoredPattern(pattern).test(value)', sandbox, { timeout: PATTERN_TIME_LIMIT_MS }) === true;
  } catch {
    return false;
  }
};
