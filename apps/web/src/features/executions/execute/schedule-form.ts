import {
  checkSchedule,
  SCHEDULE_DEFAULTS,
  schedulePayloadSchema,
  type IntervalPeriod,
  type ScheduleAttributes,
  type ScheduleInputs,
  type SchedulePayload,
  type ScheduleStatus,
  type ScheduleStrategy,
  type ScheduleValues,
} from '@asb/contracts';

/**
 * The schedule part of the execute form (spec 1 §2, §4), kept apart from its widgets.
 * Times are UTC: the pickers give 'YYYY-MM-DD HH:mm:ss' and the API takes ISO 8601.
 */
export interface ScheduleFormValues {
  title: string;
  strategy: ScheduleStrategy;
  status: ScheduleStatus;
  /** 'YYYY-MM-DD HH:mm:ss' (UTC) or '' */
  startTime: string;
  endTime: string;
  interval: number | '';
  intervalPeriod: IntervalPeriod;
  hour: number | '';
  minute: number | '';
  dayOfMonth: number[];
  dataUrl: string;
}

/** The payload fields the form shows, by the form's names: a 400's pointer tail finds its field here. */
export const PAYLOAD_FIELDS: Record<string, keyof ScheduleFormValues> = {
  title: 'title',
  strategy: 'strategy',
  status: 'status',
  start_time: 'startTime',
  end_time: 'endTime',
  interval: 'interval',
  interval_period: 'intervalPeriod',
  hour: 'hour',
  minute: 'minute',
  day_of_month: 'dayOfMonth',
  data_url: 'dataUrl',
};

/** The UTC minute after now, as the pickers write it: a single execution's default time. */
export function nextMinute(now = new Date()): string {
  const next = new Date(Math.ceil((now.getTime() + 1) / 60_000) * 60_000);
  return pickerTime(next.toISOString());
}

/** Spec 1 §4 default schedule, titled after the workflow. */
export function defaultScheduleValues(workflowLabel: string, now = new Date()): ScheduleFormValues {
  return {
    title: `${workflowLabel} schedule`,
    strategy: SCHEDULE_DEFAULTS.strategy,
    status: SCHEDULE_DEFAULTS.status,
    startTime: nextMinute(now),
    endTime: '',
    interval: SCHEDULE_DEFAULTS.interval,
    intervalPeriod: SCHEDULE_DEFAULTS.interval_period,
    hour: '',
    minute: '',
    dayOfMonth: [...SCHEDULE_DEFAULTS.day_of_month],
    dataUrl: '',
  };
}

/** ISO (any offset) → the pickers' 'YYYY-MM-DD HH:mm:ss' in UTC; '' for nothing. */
export function pickerTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** The pickers' UTC 'YYYY-MM-DD HH:mm[:ss]' → ISO 8601 with Z; null for ''. */
export function isoTime(picker: string): string | null {
  const text = picker.trim();
  if (!text) return null;
  const [day, time = '00:00:00'] = text.split(/[ T]/);
  const full = time.length === 5 ? `${time}:00` : time;
  return `${day}T${full}Z`;
}

/** A stored schedule as the form's values. */
export function scheduleFormValues(schedule: ScheduleAttributes): ScheduleFormValues {
  return {
    title: schedule.title,
    strategy: schedule.strategy,
    status: schedule.status,
    startTime: pickerTime(schedule.startTime),
    endTime: pickerTime(schedule.endTime),
    interval: schedule.interval ?? SCHEDULE_DEFAULTS.interval,
    intervalPeriod: schedule.intervalPeriod ?? SCHEDULE_DEFAULTS.interval_period,
    hour: schedule.hour ?? '',
    minute: schedule.minute ?? '',
    dayOfMonth: schedule.dayOfMonth.length > 0 ? schedule.dayOfMonth : [...SCHEDULE_DEFAULTS.day_of_month],
    dataUrl: schedule.dataUrl ?? '',
  };
}

const numberOrNull = (value: number | '') => (value === '' ? null : value);

/**
 * Spec 1 §3 schedule payload: only the fields the strategy uses are sent with a value
 * (the others null), so a changed strategy leaves nothing behind.
 */
export function schedulePayload(values: ScheduleFormValues, workflow: { id: string; version: number | null }, inputs: ScheduleInputs): SchedulePayload {
  const uses = (strategies: ScheduleStrategy[]) => strategies.includes(values.strategy);
  const timed = uses(['single-execution', 'interval-execution', 'crontab-execution', 'on-new-data']);
  const interval = uses(['interval-execution', 'on-new-data']);
  return {
    processor_id: workflow.id,
    processor_version: workflow.version,
    title: values.title.trim(),
    strategy: values.strategy,
    status: values.status,
    start_time: timed ? isoTime(values.startTime) : null,
    end_time: timed && values.strategy !== 'single-execution' ? isoTime(values.endTime) : null,
    interval: interval ? numberOrNull(values.interval) : null,
    interval_period: interval ? values.intervalPeriod : null,
    hour: uses(['crontab-execution']) ? numberOrNull(values.hour) : null,
    minute: uses(['crontab-execution']) ? numberOrNull(values.minute) : null,
    day_of_month: uses(['crontab-execution']) ? values.dayOfMonth : null,
    data_url: uses(['on-new-data']) ? values.dataUrl.trim() || null : null,
    inputs,
  };
}

/** The problems of the values as the form shows them, by form field (the server checks the same). */
export function scheduleErrors(values: ScheduleFormValues): Partial<Record<keyof ScheduleFormValues, string>> {
  const errors: Partial<Record<keyof ScheduleFormValues, string>> = {};
  const payload = schedulePayload(values, { id: '0', version: null }, { tasks: [] });
  const parsed = schedulePayloadSchema.safeParse(payload);
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = PAYLOAD_FIELDS[String(issue.path[0])];
    if (field) errors[field] ??= issue.message;
  }
  // the strategy's needs too, also while another field is malformed (the form's payload has their shapes)
  for (const problem of checkSchedule(parsed.success ? parsed.data : (payload as ScheduleValues))) {
    const field = PAYLOAD_FIELDS[problem.field];
    if (field) errors[field] ??= problem.message;
  }
  return errors;
}

/** The fields each strategy shows (spec 1 §2: strategy-dependent parts of the schedule form). */
export function shownFields(strategy: ScheduleStrategy): Set<keyof ScheduleFormValues> {
  const always: (keyof ScheduleFormValues)[] = ['title', 'strategy', 'status'];
  const byStrategy: Record<ScheduleStrategy, (keyof ScheduleFormValues)[]> = {
    'single-execution': ['startTime'],
    'interval-execution': ['startTime', 'endTime', 'interval', 'intervalPeriod'],
    'crontab-execution': ['hour', 'minute', 'dayOfMonth', 'startTime', 'endTime'],
    'external-trigger': [],
    'on-new-data': ['dataUrl', 'interval', 'intervalPeriod', 'startTime', 'endTime'],
  };
  return new Set([...always, ...byStrategy[strategy]]);
}
