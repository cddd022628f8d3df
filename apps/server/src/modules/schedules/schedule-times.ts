import { CronExpressionParser } from 'cron-parser';
import { DEFAULT_POLL_MINUTES, intervalMinutes, type IntervalPeriod, type ScheduleStrategy } from '@asb/contracts';

/**
 * When schedules run (docs/schedules.md "Strategies"): pure functions of a schedule's
 * timing and a moment, all in UTC, so that the scheduler, the API and the tests agree.
 *
 * - single-execution: once, at start_time.
 * - interval-execution: start_time + k × interval (k = 0, 1, ...) up to end_time.
 * - crontab-execution: the cron `{minute} {hour} {days of month} * *` in UTC, within
 *   start_time and end_time when given.
 * - on-new-data: a poll every interval (DEFAULT_POLL_MINUTES without one), within
 *   start_time and end_time when given.
 * - external-trigger: never by time.
 */
export interface ScheduleTiming {
  strategy: ScheduleStrategy;
  startTime: Date | null;
  endTime: Date | null;
  interval: number | null;
  intervalPeriod: IntervalPeriod | null;
  hour: number | null;
  minute: number | null;
  dayOfMonth: number[];
}

const MINUTE_MS = 60_000;

const later = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);
const withinEnd = (timing: ScheduleTiming, time: Date | null) => (time && (!timing.endTime || time.getTime() <= timing.endTime.getTime()) ? time : null);
const upTo = (timing: ScheduleTiming, now: Date) => (timing.endTime && timing.endTime.getTime() < now.getTime() ? timing.endTime : now);

function intervalMs(timing: ScheduleTiming): number | null {
  if (!timing.interval || !timing.intervalPeriod) return null;
  return intervalMinutes(timing.interval, timing.intervalPeriod) * MINUTE_MS;
}

/** How often on-new-data looks at its data URL (ms). */
export function pollIntervalMs(timing: ScheduleTiming): number {
  return intervalMs(timing) ?? DEFAULT_POLL_MINUTES * MINUTE_MS;
}

/** The cron expression of a crontab-execution: minute, hour, days of the month; every month, any weekday. */
export function cronExpression(timing: Pick<ScheduleTiming, 'minute' | 'hour' | 'dayOfMonth'>): string {
  return `${timing.minute ?? 0} ${timing.hour ?? 0} ${timing.dayOfMonth.join(',') || '*'} * *`;
}

function cronAtOrAfter(timing: ScheduleTiming, time: Date): Date {
  return CronExpressionParser.parse(cronExpression(timing), { currentDate: new Date(time.getTime() - 1), tz: 'UTC' })
    .next()
    .toDate();
}

function cronAtOrBefore(timing: ScheduleTiming, time: Date): Date {
  return CronExpressionParser.parse(cronExpression(timing), { currentDate: new Date(time.getTime() + 1), tz: 'UTC' })
    .prev()
    .toDate();
}

/** The first due time at or after `time` (single-execution: its start time if not before `time`). */
function dueAtOrAfter(timing: ScheduleTiming, time: Date): Date | null {
  const start = timing.startTime;
  switch (timing.strategy) {
    case 'single-execution':
      return start && start.getTime() >= time.getTime() ? start : null;
    case 'interval-execution': {
      const every = intervalMs(timing);
      if (!start || !every) return null;
      if (start.getTime() >= time.getTime()) return withinEnd(timing, start);
      const steps = Math.ceil((time.getTime() - start.getTime()) / every);
      return withinEnd(timing, new Date(start.getTime() + steps * every));
    }
    case 'crontab-execution':
      return withinEnd(timing, cronAtOrAfter(timing, start ? later(start, time) : time));
    case 'on-new-data':
      return withinEnd(timing, start ? later(start, time) : time);
    case 'external-trigger':
      return null;
  }
}

/**
 * When a schedule saved at `now` (created, changed or enabled) runs first. Times before
 * `now` are not run, except a start that passed before the schedule ever ran (`lastDueAt`
 * is the due time it last handled): a single execution's start time runs at once, and an
 * interval schedule runs at once for its latest due time (the form prefills the start with
 * the next whole minute after it opened, often passed by the submit: docs/schedules.md).
 */
export function firstRunAt(timing: ScheduleTiming, now: Date, lastDueAt: Date | null = null): Date | null {
  if (timing.strategy === 'single-execution') {
    const start = timing.startTime;
    if (!start || (lastDueAt && lastDueAt.getTime() >= start.getTime())) return null;
    return start;
  }
  if (timing.strategy === 'interval-execution' && !lastDueAt && (!timing.endTime || timing.endTime.getTime() >= now.getTime())) {
    const missed = latestDueAt(timing, now);
    if (missed) return missed;
  }
  const from = lastDueAt && lastDueAt.getTime() >= now.getTime() ? new Date(lastDueAt.getTime() + 1) : now;
  return dueAtOrAfter(timing, from);
}

/**
 * The latest due time at or before `now` (never after end_time): what an overdue
 * schedule fires for, once, whatever it missed before (the catch-up rule). Null when
 * none has come yet. Not for on-new-data and external-trigger, which have no due times.
 */
export function latestDueAt(timing: ScheduleTiming, now: Date): Date | null {
  const start = timing.startTime;
  const until = upTo(timing, now);
  switch (timing.strategy) {
    case 'single-execution':
      return start && start.getTime() <= now.getTime() ? start : null;
    case 'interval-execution': {
      const every = intervalMs(timing);
      if (!start || !every || start.getTime() > until.getTime()) return null;
      const steps = Math.floor((until.getTime() - start.getTime()) / every);
      return new Date(start.getTime() + steps * every);
    }
    case 'crontab-execution': {
      const due = cronAtOrBefore(timing, until);
      return start && due.getTime() < start.getTime() ? null : due;
    }
    case 'on-new-data':
    case 'external-trigger':
      return null;
  }
}

/** The first due time (or poll) strictly after `now`; null: the schedule is over. */
export function nextRunAfter(timing: ScheduleTiming, now: Date): Date | null {
  if (timing.strategy === 'on-new-data') {
    const start = timing.startTime;
    return withinEnd(timing, start && start.getTime() > now.getTime() ? start : new Date(now.getTime() + pollIntervalMs(timing)));
  }
  return dueAtOrAfter(timing, new Date(now.getTime() + 1));
}
