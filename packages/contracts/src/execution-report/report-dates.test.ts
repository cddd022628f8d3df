import { describe, expect, it } from 'vitest';
import { TASK_STATE_COLORS } from '../tasks.js';
import { durationSeconds, formatDuration, formatReportDate, formatReportDuration, reportDateMs } from './report-dates.js';
import { taskNodeId, taskStateColor, taskStateText } from './task-state-display.js';

const NINE_E12_ISO = new Date(9e12).toISOString();

describe('formatReportDate', () => {
  it.each([
    ['an ISO string', '2024-03-05T07:08:09.500Z', '2024-03-05 07:08:09'],
    ['an ISO string with an offset', '2024-03-05T09:08:09+02:00', '2024-03-05 07:08:09'],
    ['an ISO string without an offset, read as UTC', '2024-03-05T07:08:09', '2024-03-05 07:08:09'],
    ['ms as a number', Date.UTC(2023, 11, 31, 23, 59, 59), '2023-12-31 23:59:59'],
    ['ms as a numeric string', String(Date.UTC(2023, 0, 2, 3, 4, 5)), '2023-01-02 03:04:05'],
    ['a Date', new Date(Date.UTC(2020, 1, 29, 12, 0, 0)), '2020-02-29 12:00:00'],
  ])('shows %s as YYYY-MM-DD HH:mm:ss UTC', (_what, value, expected) => {
    expect(formatReportDate(value)).toBe(expected);
  });

  it.each([
    ['0', 0],
    ['"0"', '0'],
    ['the epoch as ISO', '1970-01-01T00:00:00.000Z'],
    ['9e12', 9e12],
    ['"9000000000000"', '9000000000000'],
    ['9e12 as ISO', NINE_E12_ISO],
    ['null', null],
    ['undefined', undefined],
    ['an empty string', ''],
    ['blanks', '   '],
    ['garbage', 'yesterday'],
    ['NaN', Number.NaN],
    ['beyond the last JavaScript date', 9e15],
  ])('shows %s as n/a', (_what, value) => {
    expect(formatReportDate(value)).toBe('n/a');
    expect(reportDateMs(value)).toBeUndefined();
  });
});

describe('durations', () => {
  it('counts the seconds between two dates', () => {
    expect(durationSeconds('2024-01-01T00:00:00Z', '2024-01-01T00:00:12.345Z')).toBeCloseTo(12.345);
    expect(durationSeconds('2024-01-01T00:00:00Z', '2024-01-01T00:00:00Z')).toBe(0);
  });

  it('is n/a when negative or when either date is n/a', () => {
    expect(formatReportDuration('2024-01-01T00:00:10Z', '2024-01-01T00:00:00Z')).toBe('n/a');
    expect(formatReportDuration(null, '2024-01-01T00:00:00Z')).toBe('n/a');
    expect(formatReportDuration('2024-01-01T00:00:00Z', null)).toBe('n/a');
    expect(formatReportDuration(0, '2024-01-01T00:00:00Z')).toBe('n/a');
    expect(formatReportDuration('2024-01-01T00:00:00Z', 9e12)).toBe('n/a');
    expect(formatReportDuration('2024-01-01T00:00:00Z', NINE_E12_ISO)).toBe('n/a');
  });

  it.each([
    [0, '0.0 s'],
    [0.04, '0.0 s'],
    [12.345, '12.3 s'],
    [59.94, '59.9 s'],
    [59.96, '1 min 00 s'],
    [60, '1 min 00 s'],
    [245, '4 min 05 s'],
    [3599.4, '59 min 59 s'],
    [3599.6, '1 h 00 min'],
    [3720, '1 h 02 min'],
    [93_600, '26 h 00 min'],
  ])('shows %s seconds as %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it.each([[-1], [Number.NaN], [Number.POSITIVE_INFINITY], [null], [undefined]])('shows %s seconds as n/a', (seconds) => {
    expect(formatDuration(seconds)).toBe('n/a');
  });

  it('formats the span of two dates', () => {
    expect(formatReportDuration('2024-01-01T10:00:00Z', '2024-01-01T11:02:00Z')).toBe('1 h 02 min');
  });
});

describe('task states', () => {
  it('colours states by spec 1 §4 and unknown ones like no_status', () => {
    expect(taskStateColor('success')).toBe(TASK_STATE_COLORS.success);
    expect(taskStateColor('failed')).toBe('#e53935');
    expect(taskStateColor('upstream_failed')).toBe(TASK_STATE_COLORS.upstream_failed);
    expect(taskStateColor('weird')).toBe(TASK_STATE_COLORS.no_status);
    expect(taskStateText('upstream_failed')).toBe('Upstream failed');
  });

  it('names the node of a child task', () => {
    expect(taskNodeId('shout[12]')).toBe('shout');
    expect(taskNodeId('shout')).toBe('shout');
    expect(taskNodeId('a[b]')).toBe('a[b]');
  });
});
