import {
  checkSchedule,
  ENCRYPTED_VALUE_MASK,
  type ExecutionInputGroup,
  groupsFromScheduleInputs,
  scheduleStrategiesFor,
  STRATEGY_LABELS,
  workflowInputGroups,
  type ScheduleStrategy,
  type ScheduleInputs,
  type ScheduleValues,
  type WorkflowInputGroup,
} from '@asb/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../app-context.js';
import { attributeErrors, HttpError } from '../../platform/http/errors.js';
import { executionInputs, problemsError } from '../builder/execution-inputs.js';
import { EMPTY_WORKFLOW } from '../builder/executions.service.js';
import { WorkflowAccess } from '../builder/workflow-access.js';
import { assertReadableGraph } from '../knowledge/readable-versions.js';
import { checkRunnableGraph, loadWorkflowVersion, type WorkflowRow } from '../knowledge/workflow-versions.js';
import { NO_PRODUCT_INPUT, productInputOf, productValue, type ProductInput } from './product-input.js';

/** The strategy's rules (contracts checkSchedule): 400 with the first message per field, as the form shows them. */
export function checkScheduleRules(values: ScheduleValues): void {
  const fields: Record<string, string> = {};
  for (const problem of checkSchedule(values)) fields[problem.field] ??= problem.message;
  if (Object.keys(fields).length > 0) throw attributeErrors(fields);
}

/**
 * Spec 1 §4: 'external-trigger and on-new-data only when the theme equals eopen'. The server
 * refuses them as the form hides them; a schedule that already has one (made under eopen)
 * keeps it through later changes, as its form keeps it selectable.
 */
export function checkStrategyOffered(theme: string, strategy: ScheduleStrategy, stored?: ScheduleStrategy): void {
  if (strategy === stored || scheduleStrategiesFor(theme).includes(strategy)) return;
  throw attributeErrors({ strategy: `${STRATEGY_LABELS[strategy]} is offered only with the eopen theme; this instance's theme is ${theme}.` });
}

/**
 * The inputs of the version a schedule runs, or 400 when that version could not run; with the
 * principal saving the schedule, 403 when they may not read the code of one of its nodes (each
 * firing checks it again: the graph may change after).
 */
export async function scheduledWorkflowInputs(
  ctx: AppContext,
  workflow: WorkflowRow,
  version: number | null | undefined,
  principal?: Principal,
): Promise<WorkflowInputGroup[]> {
  let loaded;
  try {
    loaded = await loadWorkflowVersion(ctx.db, workflow, version ?? undefined);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) throw attributeErrors({ processor_version: error.message });
    throw error;
  }
  if (loaded.graph.nodes.length === 0) throw attributeErrors({ processor_id: EMPTY_WORKFLOW });
  const { resolve, problems } = await checkRunnableGraph(ctx, loaded.graph);
  if (problems.length > 0) throw attributeErrors({ processor_version: `Version ${loaded.version}: ${problems[0]!.message}` });
  if (principal) await assertReadableGraph(ctx, principal, loaded.graph);
  return workflowInputGroups(loaded.graph, resolve);
}

/** on-new-data: the schedule's inputs with an example item in the product input, as a run would have them. */
function withExampleItem(inputs: ScheduleInputs, input: ProductInput, dataUrl: string): ScheduleInputs {
  const example = productValue(input, { id: 'example-item', url: `${dataUrl.replace(/\/+$/, '')}/example-item` });
  const tasks = inputs.tasks.some((task) => task.task_id === input.nodeId) ? inputs.tasks : [...inputs.tasks, { task_id: input.nodeId, inputs: {} }];
  return {
    ...inputs,
    tasks: tasks.map((task) => (task.task_id === input.nodeId ? { ...task, inputs: { ...task.inputs, [input.identifier]: example } } : task)),
  };
}

/** A password value left as the mask the server served: the stored value stays. */
function withKeptPasswords(inputs: ScheduleInputs, previous: ScheduleInputs | undefined): ScheduleInputs {
  return {
    ...inputs,
    tasks: inputs.tasks.map((task) => {
      const before = previous?.tasks.find((candidate) => candidate.task_id === task.task_id)?.inputs ?? {};
      return {
        ...task,
        inputs: Object.fromEntries(Object.entries(task.inputs).map(([name, value]) => [name, value === ENCRYPTED_VALUE_MASK ? (before[name] ?? null) : value])),
      };
    }),
  };
}

/** The schedule's inputs with every password value sealed for the schedule (`clear`: the checked values, passwords in clear). */
async function sealedScheduleInputs(ctx: AppContext, inputs: ScheduleInputs, clear: ExecutionInputGroup[], binding: string): Promise<ScheduleInputs> {
  const tasks = [];
  for (const task of inputs.tasks) {
    const values = { ...task.inputs };
    for (const item of clear.find((group) => group.node_id === task.task_id)?.items ?? []) {
      if (item.encrypted && Object.hasOwn(values, item.identifier)) values[item.identifier] = await ctx.keystore.seal(item.value, binding);
    }
    tasks.push({ ...task, inputs: values });
  }
  return { ...inputs, tasks };
}

/**
 * What saving a schedule checks (docs/schedules.md "API"), so that a schedule that could
 * never run is refused at once: the strategy's rules (checkSchedule), that the caller may
 * execute the workflow, that the version runs, and the inputs as an execution's are
 * checked (on-new-data: with an example item in the input that receives the items).
 * Answers the workflow and the inputs to store: password values (the browser's
 * ciphertext, or the mask for 'keep the stored one') sealed for this schedule (`binding`).
 */
export async function checkScheduleValues(
  ctx: AppContext,
  principal: Principal,
  values: ScheduleValues,
  stored: { binding: string; inputs?: ScheduleInputs },
): Promise<{ workflow: WorkflowRow; inputs: ScheduleInputs }> {
  checkScheduleRules(values);
  const workflow = (await new WorkflowAccess(ctx).loadExecutable(principal, values.processor_id)).row;
  const groups = await scheduledWorkflowInputs(ctx, workflow, values.processor_version, principal);
  const given = withKeptPasswords(values.inputs, stored.inputs);
  let inputs = given;
  if (values.strategy === 'on-new-data') {
    const input = productInputOf(groups);
    if (!input) throw attributeErrors({ processor_id: NO_PRODUCT_INPUT });
    inputs = withExampleItem(inputs, input, values.data_url ?? '');
  }
  const checked = await executionInputs(
    groups,
    groupsFromScheduleInputs(inputs),
    (text) => ctx.keystore.reveal(text, stored.binding),
    (tag) => ctx.secrets.has(principal.username, tag),
  );
  if (checked.problems.length > 0) throw problemsError('Invalid input', checked.problems);
  return { workflow, inputs: await sealedScheduleInputs(ctx, given, checked.inputs, stored.binding) };
}
