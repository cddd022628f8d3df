import { MIN_INTERVAL_MESSAGE } from '@asb/contracts';
import { describe, expect, it } from 'vitest';
import { defaultScheduleValues, isoTime, nextMinute, pickerTime, scheduleErrors, schedulePayload } from './schedule-form';

const NOW = new Date('2026-11-21T10:15:30Z');

describe('schedule form', () => {
  it('starts from the spec defaults: enabled, single execution, interval 1 day, month days 2,4,6', () => {
    expect(defaultScheduleValues('NDVI', NOW)).toMatchObject({
      title: 'NDVI schedule',
      status: 'enabled',
      strategy: 'single-execution',
      interval: 1,
      intervalPeriod: 'days',
      dayOfMonth: [2, 4, 6],
      startTime: '2026-11-21 10:16:00',
    });
    expect(nextMinute(new Date('2026-11-21T10:16:00Z'))).toBe('2026-11-21 10:17:00');
  });

  it('reads and writes UTC times', () => {
    expect(isoTime('2026-12-01 06:30:00')).toBe('2026-12-01T06:30:00Z');
    expect(isoTime('2026-12-01 06:30')).toBe('2026-12-01T06:30:00Z');
    expect(isoTime(' ')).toBeNull();
    expect(pickerTime('2026-12-01T07:30:00+01:00')).toBe('2026-12-01 06:30:00');
    expect(pickerTime(null)).toBe('');
  });

  it('sends only what the strategy uses', () => {
    const values = { ...defaultScheduleValues('W', NOW), strategy: 'crontab-execution' as const, hour: 6, minute: 5, endTime: '2027-01-01 00:00:00' };
    const payload = schedulePayload(values, { id: '12', version: 3 }, { tasks: [] });
    expect(payload).toMatchObject({
      processor_id: '12',
      processor_version: 3,
      hour: 6,
      minute: 5,
      day_of_month: [2, 4, 6],
      interval: null,
      data_url: null,
      end_time: '2027-01-01T00:00:00Z',
    });
    const single = schedulePayload(defaultScheduleValues('W', NOW), { id: '12', version: null }, { tasks: [] });
    expect(single).toMatchObject({ start_time: '2026-11-21T10:16:00Z', end_time: null, interval: null, hour: null });
  });

  it('shows the problems under their fields, the 10-minute minimum among them', () => {
    const values = { ...defaultScheduleValues('W', NOW), strategy: 'interval-execution' as const, interval: 5, intervalPeriod: 'minutes' as const };
    expect(scheduleErrors(values)).toEqual({ interval: MIN_INTERVAL_MESSAGE });
    expect(scheduleErrors({ ...values, interval: 10 })).toEqual({});
    expect(scheduleErrors({ ...defaultScheduleValues('W', NOW), title: ' ', startTime: '' })).toMatchObject({
      title: 'Give the schedule a title.',
      startTime: 'Give the time to run at.',
    });
    expect(scheduleErrors({ ...defaultScheduleValues('W', NOW), strategy: 'crontab-execution', dayOfMonth: [] })).toMatchObject({
      hour: 'Give the hour.',
      dayOfMonth: 'Choose at least one day of the month.',
    });
    expect(scheduleErrors({ ...defaultScheduleValues('W', NOW), strategy: 'on-new-data', dataUrl: 'not a url' })).toEqual({ dataUrl: 'Give an http(s) URL.' });
  });
});
