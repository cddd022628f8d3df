import type { TaskRow } from '../store/tasks.repository.js';
import type { ExecutionContext } from './execution-context.js';
import { SPLITTER_OUTPUT } from '@asb/contracts';

/** What a task runs with: the clear values for the executor, and what is stored (secrets masked). */
export interface TaskInputs {
  clear: Record<string, unknown>;
  stored: Record<string, unknown>;
}

const MASKED = '********';

/**
 * The task can never run with these inputs (a password not sealed for its execution, a secret its
 * owner deleted, code its owner may not read): the orchestrator fails it, once, with this text on
 * its report. Any other error while resolving inputs is the server's (the database, the disk) and
 * passes: the task waits for the next pass (docs/engine.md "Dispatch").
 */
export class TaskInputError extends Error {}

/** How a task's secret inputs open: a password sealed for the execution, a secret of its owner named by tag. */
export interface InputSecrets {
  open(sealed: string): Promise<string | undefined>;
  secret(owner: string, tag: string): Promise<string | undefined>;
  /** whether the user may read the process version (code they may not read never gets their secrets) */
  mayRead(owner: string, processVersion: string): Promise<boolean>;
}

/**
 * The creation of the execution refused code its owner may not read; this holds even for an
 * execution written otherwise (an older version, a row changed since): the secret stays out.
 */
async function assertOwnerReads(context: ExecutionContext, nodeId: string, identifier: string, secrets: InputSecrets): Promise<void> {
  const processVersion = context.plan.node(nodeId).processVersion;
  if (!processVersion || (await secrets.mayRead(context.execution.ownerId, processVersion))) return;
  throw new TaskInputError(
    `Input ${nodeId}.${identifier} is a password or secret, and the execution's owner may not read process version ${processVersion} of node "${nodeId}": it is not handed to that code.`,
  );
}

/**
 * A task's inputs (docs/engine.md): the execution's values for its node (user inputs and
 * the workflow's defaults, as stored at creation), then the outputs of its upstream tasks
 * along the edges, and for a child run the list item of its splitter.
 */
export async function taskInputs(
  context: ExecutionContext,
  task: Pick<TaskRow, 'nodeId' | 'itemIndex'>,
  tasksById: Map<string, Pick<TaskRow, 'outputs'>>,
  secrets: InputSecrets,
): Promise<TaskInputs> {
  // an application's task runs with its job order (typed values, no secrets)
  if (context.application) return { clear: { ...context.application.jobOrder }, stored: { ...context.application.jobOrder } };
  // a model's task reads its pinned files (.package/ of the execution's folder: model-runtime.ts); its inputs say what they are
  if (context.model) {
    const shown = Object.fromEntries(
      context.model.inputs.map((input) => [input.name, input.kind === 'image' ? (input.fileName ?? input.name) : `${input.count ?? 0} numbers`]),
    );
    return { clear: shown, stored: { ...shown } };
  }
  const clear: Record<string, unknown> = {};
  const stored: Record<string, unknown> = {};
  const group = context.execution.inputs.find((candidate) => candidate.node_id === task.nodeId);
  const secretItem = group?.items.find((item) => item.encrypted || item.secret);
  if (secretItem) await assertOwnerReads(context, task.nodeId, secretItem.identifier, secrets);
  for (const item of group?.items ?? []) {
    if (item.encrypted) {
      const value = await secrets.open(item.value);
      if (value === undefined) throw new TaskInputError(`Input ${task.nodeId}.${item.identifier} cannot be decrypted: it was not sealed for this execution.`);
      clear[item.identifier] = value;
      stored[item.identifier] = MASKED;
    } else if (item.secret) {
      // the owner's secret as it is now: deleted since the execution was created, the task cannot run
      const value = await secrets.secret(context.execution.ownerId, item.secret);
      if (value === undefined)
        throw new TaskInputError(`Input ${task.nodeId}.${item.identifier} names the secret "${item.secret}", which its owner no longer has.`);
      clear[item.identifier] = value;
      stored[item.identifier] = MASKED;
    } else {
      clear[item.identifier] = item.value;
      stored[item.identifier] = item.value;
    }
  }
  for (const edge of context.plan.incoming(task)) {
    const outputs = tasksById.get(edge.sourceTaskId)?.outputs ?? {};
    const source = context.plan.node(edge.sourceNodeId);
    const value =
      source.kind === 'dynamic-list-splitter' && edge.sourceOutput === SPLITTER_OUTPUT
        ? (outputs.items as unknown[] | undefined)?.[task.itemIndex ?? -1]
        : outputs[edge.sourceOutput];
    clear[edge.targetInput] = value;
    stored[edge.targetInput] = value;
  }
  return { clear, stored };
}
