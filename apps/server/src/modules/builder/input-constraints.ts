import { groupInputErrors, type WorkflowInputGroup, type WorkflowInputItem } from '@asb/contracts';
import { guardedMatch } from '../../platform/pattern-guard.js';

/**
 * The server's side of the input constraints a process declares (docs/process-runtime.md
 * "Input constraints"), the same rules as the execute form (contracts/input-rules.ts) with a
 * pattern matcher a hostile pattern cannot hold the event loop with: every refused value of
 * one node's inputs, by identifier (data type, enum, minimum, maximum and pattern of each,
 * then `less_than` between them). `valueOf` gives the value
 * the execution takes (the user's for a fillable input, else the workflow's).
 */
export function inputConstraintErrors(group: WorkflowInputGroup, valueOf: (item: WorkflowInputItem) => string | null | undefined): Map<string, string> {
  return groupInputErrors(group, valueOf, guardedMatch);
}
