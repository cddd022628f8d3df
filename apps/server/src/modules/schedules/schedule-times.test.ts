import { DEFAULT_POLL_MINUTES } from '@asb/contracts';
import { describe, expect, it } from 'vitest';
import { cronExpression, firstRunAt, latestDueAt, nextRunAfter, pollIntervalMs, type ScheduleTiming } from './schedule-times.js';

const at = (iso: string) => new Date(iso);
const text = (date: Date | null) => date?.toISOString() ?? null;

const timing = (values: Partial<ScheduleTiming>): ScheduleTiming => ({
  strategy: 'single-execution',
  startTime: null,
  endTime: null,
  interval: null,
  intervalPeriod: null,
  hour: null,
  minute: null,
  dayOfMonth: [],
  ...values,
});

describe('single-execution', () => {
  const single = timing({ startTime: at('2030-03-01T06:00:00Z') });

  it('runs at its start time, once', () => {
    expect(text(firstRunAt(single, at('2030-02-01T00:00:00Z')))).toBe('2030-03-01T06:00:00.000Z');
    expect(text(nextRunAfter(single, at('2030-03-01T06:00:00Z')))).toBeNull();
    expect(text(latestDueAt(single, at('2030-03-01T05:59:59Z')))).toBeNull();
    expect(text(latestDueAt(single, at('2030-03-09T00:00:00Z')))).toBe('2030-03-01T06:00:00.000Z');
  });

  it('runs at once when saved after its start time, unless that time has run', () => {
    expect(text(firstRunAt(single, at('2030-03-02T00:00:00Z')))).toBe('2030-03-01T06:00:00.000Z');
    expect(firstRunAt(single, at('2030-03-02T00:00:00Z'), at('2030-03-01T06:00:00Z'))).toBeNull();
    // a new start time runs again
    expect(text(firstRunAt(timing({ startTime: at('2030-04-01T06:00:00Z') }), at('2030-03-02T00:00:00Z'), at('2030-03-01T06:00:00Z')))).toBe(
      '2030-04-01T06:00:00.000Z',
    );
  });
});

describe('interval-execution', () => {
  const every15 = timing({ strategy: 'interval-execution', startTime: at('2030-01-01T00:00:00Z'), interval: 15, intervalPeriod: 'minutes' });

  it('runs at start + k × interval', () => {
    expect(text(firstRunAt(every15, at('2029-12-31T00:00:00Z')))).toBe('2030-01-01T00:00:00.000Z');
    expect(text(firstRunAt(every15, at('2030-01-01T00:00:00Z')))).toBe('2030-01-01T00:00:00.000Z');
    // saved after its start, never run: the latest due time at once (the form's prefilled start has passed by the submit)
    expect(text(firstRunAt(every15, at('2030-01-01T00:07:00Z')))).toBe('2030-01-01T00:00:00.000Z');
    expect(text(firstRunAt(every15, at('2030-01-01T00:47:00Z')))).toBe('2030-01-01T00:45:00.000Z');
    // saved again once it ran: from now on
    expect(text(firstRunAt(every15, at('2030-01-01T00:07:00Z'), at('2030-01-01T00:00:00Z')))).toBe('2030-01-01T00:15:00.000Z');
    expect(text(nextRunAfter(every15, at('2030-01-01T00:15:00Z')))).toBe('2030-01-01T00:30:00.000Z');
    expect(text(nextRunAfter(every15, at('2030-01-01T00:15:00.001Z')))).toBe('2030-01-01T00:30:00.000Z');
  });

  it('reads hours and days as periods', () => {
    const everyTwoDays = { ...every15, interval: 2, intervalPeriod: 'days' as const };
    expect(text(nextRunAfter(everyTwoDays, at('2030-01-01T00:00:00Z')))).toBe('2030-01-03T00:00:00.000Z');
    expect(text(nextRunAfter({ ...every15, interval: 6, intervalPeriod: 'hours' }, at('2030-01-01T07:00:00Z')))).toBe('2030-01-01T12:00:00.000Z');
  });

  it('gives the latest due time for catch-up, never past end_time', () => {
    expect(text(latestDueAt(every15, at('2030-01-01T00:47:10Z')))).toBe('2030-01-01T00:45:00.000Z');
    expect(latestDueAt(every15, at('2029-12-31T23:59:59Z'))).toBeNull();
    const ending = { ...every15, endTime: at('2030-01-01T01:00:00Z') };
    expect(text(latestDueAt(ending, at('2030-01-01T05:00:00Z')))).toBe('2030-01-01T01:00:00.000Z');
  });

  it('stops after end_time', () => {
    const ending = { ...every15, endTime: at('2030-01-01T00:40:00Z') };
    expect(text(nextRunAfter(ending, at('2030-01-01T00:15:00Z')))).toBe('2030-01-01T00:30:00.000Z');
    expect(nextRunAfter(ending, at('2030-01-01T00:30:00Z'))).toBeNull();
    expect(firstRunAt(ending, at('2030-01-02T00:00:00Z'))).toBeNull();
  });

  it('does not run a due time twice when saved at it', () => {
    expect(text(firstRunAt(every15, at('2030-01-01T00:15:00Z'), at('2030-01-01T00:15:00Z')))).toBe('2030-01-01T00:30:00.000Z');
  });
});

describe('crontab-execution', () => {
  const cron = timing({ strategy: 'crontab-execution', hour: 6, minute: 30, dayOfMonth: [2, 15, 31] });

  it('is the cron of minute, hour and days of the month', () => {
    expect(cronExpression(cron)).toBe('30 6 2,15,31 * *');
  });

  it('runs on the chosen days at the chosen time, UTC', () => {
    expect(text(firstRunAt(cron, at('2030-01-01T00:00:00Z')))).toBe('2030-01-02T06:30:00.000Z');
    expect(text(firstRunAt(cron, at('2030-01-02T06:30:00Z')))).toBe('2030-01-02T06:30:00.000Z');
    expect(text(nextRunAfter(cron, at('2030-01-02T06:30:00Z')))).toBe('2030-01-15T06:30:00.000Z');
    expect(text(nextRunAfter(cron, at('2030-01-15T06:30:00Z')))).toBe('2030-01-31T06:30:00.000Z');
  });

  it('skips months without the day (no 31 February) and ignores daylight saving', () => {
    expect(text(nextRunAfter(cron, at('2030-01-31T06:30:00Z')))).toBe('2030-02-02T06:30:00.000Z');
    expect(text(nextRunAfter(cron, at('2030-02-15T06:30:00Z')))).toBe('2030-03-02T06:30:00.000Z');
    // late March: Europe changes its clocks, UTC does not
    expect(text(nextRunAfter(cron, at('2030-03-15T06:30:00Z')))).toBe('2030-03-31T06:30:00.000Z');
  });

  it('keeps within start and end times', () => {
    const bounded = { ...cron, startTime: at('2030-01-10T00:00:00Z'), endTime: at('2030-02-10T00:00:00Z') };
    expect(text(firstRunAt(bounded, at('2030-01-01T00:00:00Z')))).toBe('2030-01-15T06:30:00.000Z');
    expect(text(nextRunAfter(bounded, at('2030-01-31T06:30:00Z')))).toBe('2030-02-02T06:30:00.000Z');
    expect(nextRunAfter(bounded, at('2030-02-02T06:30:00Z'))).toBeNull();
    expect(latestDueAt(bounded, at('2030-01-09T00:00:00Z'))).toBeNull();
    expect(text(latestDueAt(bounded, at('2030-03-20T00:00:00Z')))).toBe('2030-02-02T06:30:00.000Z');
  });

  it('gives the latest due time for catch-up', () => {
    expect(text(latestDueAt(cron, at('2030-01-20T00:00:00Z')))).toBe('2030-01-15T06:30:00.000Z');
    expect(text(latestDueAt(cron, at('2030-01-15T06:30:00Z')))).toBe('2030-01-15T06:30:00.000Z');
  });
});

describe('on-new-data', () => {
  const watch = timing({ strategy: 'on-new-data' });

  it('polls at once when saved, then every interval', () => {
    expect(text(firstRunAt(watch, at('2030-01-01T00:00:00Z')))).toBe('2030-01-01T00:00:00.000Z');
    expect(pollIntervalMs(watch)).toBe(DEFAULT_POLL_MINUTES * 60_000);
    expect(text(nextRunAfter(watch, at('2030-01-01T00:00:00Z')))).toBe(
      new Date(Date.parse('2030-01-01T00:00:00Z') + DEFAULT_POLL_MINUTES * 60_000).toISOString(),
    );
    expect(text(nextRunAfter({ ...watch, interval: 1, intervalPeriod: 'hours' }, at('2030-01-01T00:00:00Z')))).toBe('2030-01-01T01:00:00.000Z');
  });

  it('waits for its start time and stops after its end time', () => {
    const bounded = { ...watch, startTime: at('2030-01-02T00:00:00Z'), endTime: at('2030-01-03T00:00:00Z') };
    expect(text(firstRunAt(bounded, at('2030-01-01T00:00:00Z')))).toBe('2030-01-02T00:00:00.000Z');
    expect(nextRunAfter(bounded, at('2030-01-02T23:55:00Z'))).toBeNull();
  });
});

describe('external-trigger', () => {
  it('never runs by time', () => {
    const trigger = timing({ strategy: 'external-trigger', startTime: at('2030-01-01T00:00:00Z') });
    expect(firstRunAt(trigger, at('2029-01-01T00:00:00Z'))).toBeNull();
    expect(nextRunAfter(trigger, at('2029-01-01T00:00:00Z'))).toBeNull();
    expect(latestDueAt(trigger, at('2031-01-01T00:00:00Z'))).toBeNull();
  });
});
