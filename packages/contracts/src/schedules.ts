import { z } from 'zod';
import type { BaseAttributes } from './jsonapi.js';

/**
 * Schedules (spec 1 §2 "Execute / Schedule workflow form", §3 Schedule, §4; spec 3
 * "Schedules list"): when a workflow runs by itself. Shared by the schedule form, the
 * schedules list and the server's scheduler (docs/schedules.md). All times are UTC.
 */

export const SCHEDULE_STRATEGIES = ['single-execution', 'interval-execution', 'crontab-execution', 'external-trigger', 'on-new-data'] as const;
export type ScheduleStrategy = (typeof SCHEDULE_STRATEGIES)[number];

/** Spec 1 §4: these two are offered only with the eopen theme (the form hides them, the server refuses them elsewhere). */
export const EOPEN_ONLY_STRATEGIES: readonly ScheduleStrategy[] = ['external-trigger', 'on-new-data'];

export const STRATEGY_LABELS: Record<ScheduleStrategy, string> = {
  'single-execution': 'Single execution',
  'interval-execution': 'Interval execution',
  'crontab-execution': 'Crontab execution',
  'external-trigger': 'External trigger',
  'on-new-data': 'On new data',
};

/** The strategies the schedule form offers with this theme (spec 1 §4). */
export function scheduleStrategiesFor(theme: string): ScheduleStrategy[] {
  return SCHEDULE_STRATEGIES.filter((strategy) => theme === 'eopen' || !EOPEN_ONLY_STRATEGIES.includes(strategy));
}

export const SCHEDULE_STATUSES = ['enabled', 'disabled'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

export const INTERVAL_PERIODS = ['minutes', 'hours', 'days'] as const;
export type IntervalPeriod = (typeof INTERVAL_PERIODS)[number];

const PERIOD_MINUTES: Record<IntervalPeriod, number> = { minutes: 1, hours: 60, days: 24 * 60 };

/** Spec 3 §9: intervals under 10 minutes are not allowed (the server refuses them). */
export const MIN_INTERVAL_MINUTES = 10;
export const MIN_INTERVAL_MESSAGE = `The interval must be at least ${MIN_INTERVAL_MINUTES} minutes.`;

/** on-new-data looks at its data URL this often unless the schedule gives an interval. */
export const DEFAULT_POLL_MINUTES = 15;

/** Spec 1 §4 default schedule. */
export const SCHEDULE_DEFAULTS = {
  status: 'enabled' as ScheduleStatus,
  strategy: 'single-execution' as ScheduleStrategy,
  interval: 1,
  interval_period: 'days' as IntervalPeriod,
  day_of_month: [2, 4, 6],
};

/** Spec 3 Schedules list: the archive dialog's warning. */
export const SCHEDULE_ARCHIVE_TEXT = 'ATTENTION! This schedule will be automatically disabled when archived.';

export function intervalMinutes(interval: number, period: IntervalPeriod): number {
  return interval * PERIOD_MINUTES[period];
}

/**
 * Spec 1 §3 schedule inputs: the workflow and, per task (node), its input values by
 * identifier — the same values an execution payload carries, keyed differently.
 */
export const scheduleInputsSchema = z.object({
  workflow: z.object({ identifier: z.string().optional() }).passthrough().optional(),
  tasks: z
    .array(z.object({ task_id: z.string().min(1).max(100), inputs: z.record(z.string().min(1).max(200), z.string().max(100_000).nullable()) }))
    .max(500)
    .default([]),
});
export type ScheduleInputs = z.infer<typeof scheduleInputsSchema>;

/** The execution payload's input groups as schedule inputs (the form fills both from one set of values). */
export function scheduleInputsFromGroups(
  groups: { node_id: string; items: { identifier: string; value?: string | null }[] }[],
  workflowIdentifier?: string,
): ScheduleInputs {
  return {
    ...(workflowIdentifier ? { workflow: { identifier: workflowIdentifier } } : {}),
    tasks: groups.map((group) => ({ task_id: group.node_id, inputs: Object.fromEntries(group.items.map((item) => [item.identifier, item.value ?? null])) })),
  };
}

/** Schedule inputs as the execution payload's input groups (what each fired execution is created with). */
export function groupsFromScheduleInputs(
  inputs: ScheduleInputs | null | undefined,
): { node_id: string; items: { identifier: string; value: string | null }[] }[] {
  return (inputs?.tasks ?? []).map((task) => ({
    node_id: task.task_id,
    items: Object.entries(task.inputs).map(([identifier, value]) => ({ identifier, value })),
  }));
}

const dateTime = z.iso.datetime({ offset: true, message: 'Give a date and time (ISO 8601, e.g. 2026-01-31T06:00:00Z).' });

const daysOfMonth = z.union([z.array(z.number().int()), z.string()]).transform((value, context) => {
  const days = (
    typeof value === 'string'
      ? value
          .split(',')
          .filter((part) => part.trim() !== '')
          .map((part) => Number(part.trim()))
      : value
  ).sort((a, b) => a - b);
  if (days.some((day) => !Number.isInteger(day) || day < 1 || day > 31)) {
    context.addIssue({ code: 'custom', message: 'Days of the month are 1 to 31.' });
    return z.NEVER;
  }
  return [...new Set(days)];
});

/**
 * POST builder/v1/schedules (spec 1 §3 Schedule payload). PATCH takes any part of it; the
 * server merges it into the stored schedule and checks the whole with checkSchedule.
 */
export const schedulePayloadSchema = z.object({
  processor_id: z.union([z.string().min(1), z.number().int().positive()]).transform(String),
  processor_version: z.number().int().positive().nullable().optional(),
  title: z.string().trim().min(1, 'Give the schedule a title.').max(200),
  strategy: z.enum(SCHEDULE_STRATEGIES),
  status: z.enum(SCHEDULE_STATUSES).default('enabled'),
  start_time: dateTime.nullable().optional(),
  end_time: dateTime.nullable().optional(),
  interval: z.number().int().positive().nullable().optional(),
  interval_period: z.enum(INTERVAL_PERIODS).nullable().optional(),
  hour: z.number().int().min(0).max(23).nullable().optional(),
  minute: z.number().int().min(0).max(59).nullable().optional(),
  day_of_month: daysOfMonth.nullable().optional(),
  data_url: z
    .url({ protocol: /^https?$/, message: 'Give an http(s) URL.' })
    .nullable()
    .optional(),
  inputs: scheduleInputsSchema.default({ tasks: [] }),
});
export type SchedulePayload = z.input<typeof schedulePayloadSchema>;
export type ScheduleValues = z.output<typeof schedulePayloadSchema>;

/** A problem of a schedule's values, at the payload field it concerns. */
export interface ScheduleProblem {
  field: keyof ScheduleValues;
  message: string;
}

/**
 * What each strategy needs (docs/schedules.md): single-execution a start time;
 * interval-execution a start time and an interval of at least 10 minutes;
 * crontab-execution an hour, a minute and days of the month; on-new-data a data URL
 * (polled every interval, at least 10 minutes, DEFAULT_POLL_MINUTES when not given);
 * external-trigger nothing. An end time comes after the start time.
 */
export function checkSchedule(values: ScheduleValues): ScheduleProblem[] {
  const problems: ScheduleProblem[] = [];
  const need = (field: keyof ScheduleValues, message: string) => {
    const value = values[field];
    if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) problems.push({ field, message });
  };
  const checkInterval = () => {
    if (values.interval && values.interval_period && intervalMinutes(values.interval, values.interval_period) < MIN_INTERVAL_MINUTES) {
      problems.push({ field: 'interval', message: MIN_INTERVAL_MESSAGE });
    }
  };
  switch (values.strategy) {
    case 'single-execution':
      need('start_time', 'Give the time to run at.');
      break;
    case 'interval-execution':
      need('start_time', 'Give the time of the first run.');
      need('interval', 'Give the interval.');
      need('interval_period', 'Give the interval period.');
      checkInterval();
      break;
    case 'crontab-execution':
      need('hour', 'Give the hour.');
      need('minute', 'Give the minute.');
      need('day_of_month', 'Choose at least one day of the month.');
      break;
    case 'on-new-data':
      need('data_url', 'Give the URL of the collection to watch.');
      checkInterval();
      break;
    case 'external-trigger':
      break;
  }
  if (values.start_time && values.end_time && Date.parse(values.end_time) <= Date.parse(values.start_time)) {
    problems.push({ field: 'end_time', message: 'The end time must come after the start time.' });
  }
  return problems;
}

/** A schedule as the API serves it (spec 3 Schedule). */
export const scheduleAttributesSchema = z.object({
  title: z.string(),
  processorId: z.string(),
  processorIdentifier: z.string(),
  processorLabel: z.string(),
  /** the pinned workflow version; null: the workflow's current version at each run */
  processorVersion: z.number().int().nullable(),
  status: z.enum(SCHEDULE_STATUSES),
  strategy: z.enum(SCHEDULE_STRATEGIES),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  interval: z.number().nullable(),
  intervalPeriod: z.enum(INTERVAL_PERIODS).nullable(),
  hour: z.number().int().nullable(),
  minute: z.number().int().nullable(),
  dayOfMonth: z.array(z.number().int()),
  dataUrl: z.string().nullable(),
  inputs: scheduleInputsSchema,
  /** when it runs next (null: never again, disabled, or on a trigger) */
  nextRunAt: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  /** executions it started */
  executionCount: z.number().int(),
  /** external-trigger: POST this URL to start an execution; only its owner (and superusers) see it */
  triggerUrl: z.string().nullable(),
  /** why the last run could not start, if it could not */
  lastError: z.string().nullable(),
});
export type ScheduleAttributes = BaseAttributes & z.infer<typeof scheduleAttributesSchema>;

const pad = (value: number) => String(value).padStart(2, '0');
const utc = (iso: string | null) => {
  if (!iso) return 'n/a';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'n/a';
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
};

/** Spec 3 Schedules list: the Description column, which depends on the strategy. */
export function scheduleDescription(
  schedule: Pick<ScheduleAttributes, 'strategy' | 'startTime' | 'endTime' | 'interval' | 'intervalPeriod' | 'hour' | 'minute' | 'dayOfMonth' | 'dataUrl'>,
): string {
  const until = schedule.endTime ? ` until ${utc(schedule.endTime)}` : '';
  switch (schedule.strategy) {
    case 'single-execution':
      return `Once at ${utc(schedule.startTime)}`;
    case 'interval-execution': {
      const period = schedule.intervalPeriod ?? 'days';
      const every = schedule.interval === 1 ? period.replace(/s$/, '') : `${schedule.interval ?? 1} ${period}`;
      return `Every ${every} from ${utc(schedule.startTime)}${until}`;
    }
    case 'crontab-execution':
      return `At ${pad(schedule.hour ?? 0)}:${pad(schedule.minute ?? 0)} UTC on day${schedule.dayOfMonth.length === 1 ? '' : 's'} ${schedule.dayOfMonth.join(', ')} of each month${until}`;
    case 'external-trigger':
      return 'Whenever its trigger URL is called';
    case 'on-new-data':
      return `For each new item of ${schedule.dataUrl ?? 'n/a'}`;
  }
}

/** Spec 3 status badge of a schedule: Enabled or Disabled. */
export function scheduleStatusLabel(status: string): string {
  return status === 'enabled' ? 'Enabled' : 'Disabled';
}
