import type { AppContext } from '../../app-context.js';
import {
  ENCRYPTED_VALUE_MASK,
  SCHEDULE_STATUSES,
  SCHEDULE_STRATEGIES,
  type BaseAttributes,
  type ScheduleAttributes,
  type ScheduleInputs,
  type ScheduleValues,
  schedulesContract,
} from '@asb/contracts';
import { resourceOf } from '../../platform/resources/resource-contract.js';
import { idFilter, oneOfFilter } from '../../platform/resources/resource-filters.js';
import { executionIdentifier } from '../builder/execution-plan.js';
import { WorkflowAccess } from '../builder/workflow-access.js';
import { isSealed, scheduleBinding } from '../keystore/keystore.service.js';
import { checkScheduleRules, checkScheduleValues, checkStrategyOffered } from './schedule-check.js';
import { firstRunAt } from './schedule-times.js';
import { givenValues, newTriggerToken, storedValues, timingOf, valueColumns, type ScheduleRow } from './schedule-values.js';
import { schedules } from './schedules.schema.js';

/** Attributes that need other rows or the request: schedule-documents.ts adds them to every answer. */
export type CompletedAttributes = 'processorIdentifier' | 'processorLabel' | 'executionCount' | 'triggerUrl';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The inputs as served: sealed (password) values masked; the form sends the mask back to keep them. */
function maskedScheduleInputs(inputs: ScheduleInputs): ScheduleInputs {
  return {
    ...inputs,
    tasks: inputs.tasks.map((task) => ({
      ...task,
      inputs: Object.fromEntries(Object.entries(task.inputs).map(([name, value]) => [name, isSealed(value) ? ENCRYPTED_VALUE_MASK : value])),
    })),
  };
}

/** The schedule's own attributes (contracts ScheduleAttributes, less the completed ones). */
function scheduleAttributes(row: ScheduleRow): Omit<ScheduleAttributes, keyof BaseAttributes | CompletedAttributes> {
  return {
    title: row.label,
    processorId: String(row.processorId),
    processorVersion: row.processorVersion,
    status: row.status,
    strategy: row.strategy,
    startTime: iso(row.startTime),
    endTime: iso(row.endTime),
    interval: row.interval,
    intervalPeriod: row.intervalPeriod,
    hour: row.hour,
    minute: row.minute,
    dayOfMonth: row.dayOfMonth,
    dataUrl: row.dataUrl,
    // a password value (sealed) is never served, to anyone
    inputs: maskedScheduleInputs(row.inputs),
    nextRunAt: iso(row.nextRunAt),
    lastRunAt: iso(row.lastRunAt),
    lastError: row.lastError,
  };
}

/** When the schedule runs next after a save at `now`: never while disabled or archived. */
function nextRunColumn(values: ScheduleValues, row: Pick<ScheduleRow, 'isArchived' | 'lastDueAt'> | undefined, now: Date): Date | null {
  if (values.status !== 'enabled' || row?.isArchived) return null;
  return firstRunAt(timingOf(values), now, row?.lastDueAt ?? null);
}

/**
 * Whether a PATCH must check the run as a creation does (workflow access, version,
 * inputs): when the schedule ends up enabled, or its workflow, version or inputs change.
 * Renaming or re-timing a disabled schedule needs only its rules, so that a schedule
 * whose workflow was archived can still be changed and kept disabled.
 */
function needsRunCheck(given: Partial<ScheduleValues>, values: ScheduleValues): boolean {
  return values.status === 'enabled' || 'processor_id' in given || 'processor_version' in given || 'inputs' in given;
}

/**
 * Schedules (spec 1 §3 Schedule, spec 3 Schedules list; docs/schedules.md), served under
 * /builder/v1 by the generic machinery: list (sort, filters), get, POST and PATCH with the
 * spec payload, share, archive, delete. Saving checks the whole schedule
 * (schedule-check.ts) and sets when it runs next from now.
 */
export const schedulesResource = resourceOf<typeof schedulesContract, AppContext>(schedulesContract).define<ScheduleRow, CompletedAttributes>({
  table: schedules,
  shareable: true,
  defaultSort: '-createdAt',
  toInsert: async (values, principal, ctx) => {
    checkStrategyOffered(ctx.config.theme, values.strategy);
    checkScheduleRules(values);
    const now = new Date();
    const executable = await new WorkflowAccess(ctx).loadExecutable(principal, values.processor_id);
    const identifier = executionIdentifier(`${executable.row.identifier}-schedule`, now);
    const { workflow, inputs } = await checkScheduleValues(ctx, principal, values, { binding: scheduleBinding(identifier) });
    return {
      ...valueColumns({ ...values, inputs }, workflow.id),
      identifier,
      ownerId: principal.username,
      triggerToken: newTriggerToken(),
      nextRunAt: nextRunColumn(values, undefined, now),
    };
  },
  // a random part draws again on the rare clash of two identifiers
  duplicateRetries: 5,
  // the partial payload is read by toUpdate: its defaults must not overwrite stored values
  toUpdate: async (attributes, row, ctx, principal) => {
    if (Object.keys(attributes).length === 0) return {};
    const given = givenValues(attributes);
    const values: ScheduleValues = { ...storedValues(row), ...given };
    checkStrategyOffered(ctx.config.theme, values.strategy, row.strategy);
    let workflowId = row.processorId;
    if (needsRunCheck(given, values)) {
      const checked = await checkScheduleValues(ctx, principal, values, { binding: scheduleBinding(row.identifier), inputs: row.inputs });
      workflowId = checked.workflow.id;
      values.inputs = checked.inputs;
    } else checkScheduleRules(values);
    const watchesAnew = values.strategy === 'on-new-data' && (row.strategy !== 'on-new-data' || values.data_url !== row.dataUrl);
    return {
      ...valueColumns(values, workflowId),
      nextRunAt: nextRunColumn(values, row, new Date()),
      // another collection: what it holds now is recorded at the first poll, not run
      ...(watchesAnew ? { itemsRecorded: false } : {}),
    };
  },
  // spec 3: an archived schedule is disabled and has no next run; unarchived, it stays disabled
  archivedValues: () => ({ status: 'disabled', nextRunAt: null }),
  attributes: scheduleAttributes,
  filters: {
    status: oneOfFilter('status', schedules.status, SCHEDULE_STATUSES),
    strategy: oneOfFilter('strategy', schedules.strategy, SCHEDULE_STRATEGIES),
    processorId: idFilter('processorId', schedules.processorId, 'a workflow id'),
  },
  sortable: {
    title: schedules.label,
    status: schedules.status,
    strategy: schedules.strategy,
    startTime: schedules.startTime,
    nextRunAt: schedules.nextRunAt,
    lastRunAt: schedules.lastRunAt,
  },
});
