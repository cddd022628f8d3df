import vm from 'node:vm';
import { anchoredPattern, groupInputErrors, type PatternMatcher, type WorkflowInputGroup, type WorkflowInputItem } from '@asb/contracts';

/**
 * The server's side of the input constraints a process declares (docs/process-runtime.md
 * "Input constraints"): the same rules as the execute form (contracts/input-rules.ts),
 * with a pattern matcher a hostile pattern cannot hold the event loop with.
 */

/** A catastrophic pattern ('(a+)+$') is stopped after this; the value then counts as not matching. */
const PATTERN_TIME_LIMIT_MS = 50;
const sandbox = vm.createContext({ anchoredPattern, pattern: '', value: '' });

const guardedMatch: PatternMatcher = (pattern, value) => {
  Object.assign(sandbox, { pattern, value });
  try {
    return vm.runInContext('anchoredPattern(pattern).test(value)', sandbox, { timeout: PATTERN_TIME_LIMIT_MS }) === true;
  } catch {
    return false;
  }
};

/**
 * Every refused value of one node's inputs, by identifier: data type, enum, minimum,
 * maximum and pattern of each, then `less_than` between them. `valueOf` gives the value
 * the execution takes (the user's for a fillable input, else the workflow's).
 */
export function inputConstraintErrors(group: WorkflowInputGroup, valueOf: (item: WorkflowInputItem) => string | null | undefined): Map<string, string> {
  return groupInputErrors(group, valueOf, guardedMatch);
}
