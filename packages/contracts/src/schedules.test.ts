import { describe, expect, it } from 'vitest';
import {
  checkSchedule,
  groupsFromScheduleInputs,
  MIN_INTERVAL_MESSAGE,
  scheduleDescription,
  scheduleInputsFromGroups,
  schedulePayloadSchema,
  scheduleStrategiesFor,
  type SchedulePayload,
} from './schedules.js';

const base: SchedulePayload = { processor_id: 7, title: 'Nightly NDVI', strategy: 'single-execution', start_time: '2026-12-01T06:00:00Z' };
const problems = (payload: Partial<SchedulePayload>) => checkSchedule(schedulePayloadSchema.parse({ ...base, ...payload }));

describe('schedule payload', () => {
  it('takes the spec payload with its defaults: enabled, no inputs, days as a list', () => {
    const values = schedulePayloadSchema.parse({ ...base, strategy: 'crontab-execution', hour: 6, minute: 30, day_of_month: '6, 2,4,2' });
    expect(values).toMatchObject({ processor_id: '7', status: 'enabled', day_of_month: [2, 4, 6], inputs: { tasks: [] } });
    expect(schedulePayloadSchema.safeParse({ ...base, day_of_month: [0, 32] }).success).toBe(false);
    expect(schedulePayloadSchema.safeParse({ ...base, data_url: 'ftp://x/y' }).success).toBe(false);
    expect(schedulePayloadSchema.safeParse({ ...base, start_time: 'tomorrow' }).success).toBe(false);
    expect(schedulePayloadSchema.safeParse({ ...base, title: '  ' }).success).toBe(false);
  });

  it('asks each strategy for what it needs', () => {
    expect(problems({})).toEqual([]);
    expect(problems({ start_time: null }).map((problem) => problem.field)).toEqual(['start_time']);
    expect(problems({ strategy: 'interval-execution' }).map((problem) => problem.field)).toEqual(['interval', 'interval_period']);
    expect(problems({ strategy: 'crontab-execution', day_of_month: [] }).map((problem) => problem.field)).toEqual(['hour', 'minute', 'day_of_month']);
    expect(problems({ strategy: 'on-new-data' }).map((problem) => problem.field)).toEqual(['data_url']);
    expect(problems({ strategy: 'external-trigger', start_time: null })).toEqual([]);
    expect(problems({ end_time: '2026-11-30T00:00:00Z' })).toEqual([{ field: 'end_time', message: 'The end time must come after the start time.' }]);
  });

  it('refuses intervals under 10 minutes', () => {
    expect(problems({ strategy: 'interval-execution', interval: 9, interval_period: 'minutes' })).toEqual([
      { field: 'interval', message: MIN_INTERVAL_MESSAGE },
    ]);
    expect(problems({ strategy: 'interval-execution', interval: 10, interval_period: 'minutes' })).toEqual([]);
    expect(problems({ strategy: 'interval-execution', interval: 1, interval_period: 'hours' })).toEqual([]);
    expect(problems({ strategy: 'on-new-data', data_url: 'https://stac.example/collections/s2/items', interval: 5, interval_period: 'minutes' })).toEqual([
      { field: 'interval', message: MIN_INTERVAL_MESSAGE },
    ]);
  });
});

describe('schedule display', () => {
  it('offers external-trigger and on-new-data only with the eopen theme', () => {
    expect(scheduleStrategiesFor('asb')).toEqual(['single-execution', 'interval-execution', 'crontab-execution']);
    expect(scheduleStrategiesFor('eopen')).toHaveLength(5);
  });

  it('describes each strategy in the list', () => {
    const common = {
      startTime: '2026-12-01T06:00:00Z',
      endTime: null,
      interval: null,
      intervalPeriod: null,
      hour: null,
      minute: null,
      dayOfMonth: [],
      dataUrl: null,
    };
    expect(scheduleDescription({ ...common, strategy: 'single-execution' })).toBe('Once at 2026-12-01 06:00 UTC');
    expect(scheduleDescription({ ...common, strategy: 'interval-execution', interval: 2, intervalPeriod: 'hours', endTime: '2026-12-31T00:00:00Z' })).toBe(
      'Every 2 hours from 2026-12-01 06:00 UTC until 2026-12-31 00:00 UTC',
    );
    expect(scheduleDescription({ ...common, strategy: 'interval-execution', interval: 1, intervalPeriod: 'days' })).toBe('Every day from 2026-12-01 06:00 UTC');
    expect(scheduleDescription({ ...common, strategy: 'crontab-execution', hour: 6, minute: 5, dayOfMonth: [2, 4, 6] })).toBe(
      'At 06:05 UTC on days 2, 4, 6 of each month',
    );
    expect(scheduleDescription({ ...common, strategy: 'external-trigger' })).toBe('Whenever its trigger URL is called');
    expect(scheduleDescription({ ...common, strategy: 'on-new-data', dataUrl: 'https://stac/x' })).toBe('For each new item of https://stac/x');
  });

  it('converts between execution input groups and schedule inputs both ways', () => {
    const groups = [
      {
        node_id: 'ndvi',
        items: [
          { identifier: 'threshold', value: '0.3' },
          { identifier: 'note', value: null },
        ],
      },
    ];
    const inputs = scheduleInputsFromGroups(groups, 'ndvi-demo');
    expect(inputs).toEqual({ workflow: { identifier: 'ndvi-demo' }, tasks: [{ task_id: 'ndvi', inputs: { threshold: '0.3', note: null } }] });
    expect(groupsFromScheduleInputs(inputs)).toEqual(groups);
    expect(groupsFromScheduleInputs(undefined)).toEqual([]);
  });
});
