import { describe, expect, it } from 'vitest';
import {
  EARLIEST_DATE,
  encryptedPreview,
  enumOptions,
  INVALID_COORDINATE,
  INVALID_DATE_RANGE,
  INVALID_DECIMAL,
  INVALID_INTEGER,
  INVALID_CHOICE,
  groupInputErrors,
  inputValueError,
  VALUE_REQUIRED,
} from './input-rules.js';
import type { WorkflowInputItem } from './workflow-inputs.js';

const item = (dataType: string, constraints: WorkflowInputItem['constraints'] = {}, userVisible = true, userEditable = true) => ({
  label: 'Size',
  dataType: { identifier: dataType, label: dataType },
  constraints,
  userVisible,
  userEditable,
});

describe('spec 1 §5 input rules', () => {
  it('requires a non-empty value, but hidden or read-only inputs are always valid', () => {
    expect(inputValueError(item('string'), '  ')).toBe(VALUE_REQUIRED);
    expect(inputValueError(item('string'), null)).toBe(VALUE_REQUIRED);
    expect(inputValueError(item('string'), 'x')).toBeNull();
    expect(inputValueError(item('latitude', {}, false), '')).toBeNull();
    expect(inputValueError(item('latitude', {}, true, false), 'not a number')).toBeNull();
  });

  it.each([
    ['90', null],
    ['-90', null],
    ['45.5', null],
    ['90.01', INVALID_COORDINATE],
    ['-91', INVALID_COORDINATE],
    ['1e2', INVALID_COORDINATE],
    ['north', INVALID_COORDINATE],
  ])('latitude %s', (value, error) => {
    expect(inputValueError(item('latitude'), value)).toBe(error);
  });

  it.each([
    ['180', null],
    ['-179.999', null],
    ['180.5', INVALID_COORDINATE],
    ['-181', INVALID_COORDINATE],
  ])('longitude %s', (value, error) => {
    expect(inputValueError(item('longitude'), value)).toBe(error);
  });

  it('integers are an optional minus and digits; decimals may add a point and digits', () => {
    expect(inputValueError(item('integer'), '-42')).toBeNull();
    expect(inputValueError(item('integer'), '4.2')).toBe(INVALID_INTEGER);
    expect(inputValueError(item('integer'), '+4')).toBe(INVALID_INTEGER);
    expect(inputValueError(item('float'), '-3.14')).toBeNull();
    expect(inputValueError(item('float'), '3.')).toBe(INVALID_DECIMAL);
    expect(inputValueError(item('float'), '.5')).toBe(INVALID_DECIMAL);
  });

  it('an enum input takes one of its values, shown with enum_labels', () => {
    const choice = item('string', { enum: ['s1', 's2'], enum_labels: ['Sentinel-1', 'Sentinel-2'] });
    expect(inputValueError(choice, 's2')).toBeNull();
    expect(inputValueError(choice, 'Sentinel-2')).toBe(INVALID_CHOICE);
    expect(enumOptions(choice)).toEqual([
      { value: 's1', label: 'Sentinel-1' },
      { value: 's2', label: 'Sentinel-2' },
    ]);
    expect(enumOptions(item('string', { enum: ['a'] }))).toEqual([{ value: 'a', label: 'a' }]);
  });

  it(`date ranges read YYYY-MM-DD / YYYY-MM-DD, from ${EARLIEST_DATE}, start before end`, () => {
    expect(inputValueError(item('date-range'), '2020-01-01 / 2020-02-01')).toBeNull();
    expect(inputValueError(item('date-range'), `${EARLIEST_DATE}/${EARLIEST_DATE}`)).toBeNull();
    expect(inputValueError(item('date-range'), '2019-12-17 / 2020-01-01')).toBe(INVALID_DATE_RANGE);
    expect(inputValueError(item('date-range'), '2020-02-01 / 2020-01-01')).toBe(INVALID_DATE_RANGE);
    expect(inputValueError(item('date-range'), '2020-02-30 / 2020-03-01')).toBe(INVALID_DATE_RANGE);
    expect(inputValueError(item('date-range'), '2020-01-01')).toBe(INVALID_DATE_RANGE);
  });

  it('previews the first 75 characters of an encrypted value', () => {
    expect(encryptedPreview('x'.repeat(300))).toHaveLength(75);
  });
});

describe('process input constraints', () => {
  it('names the input when a value is below the minimum, above the maximum or off the pattern', () => {
    const size = item('integer', { minimum: 16, maximum: 2048 });
    expect(inputValueError(size, '10')).toBe('Size must be at least 16.');
    expect(inputValueError(size, '99999999')).toBe('Size must be at most 2048.');
    expect(inputValueError(size, '2048')).toBeNull();
    expect(inputValueError(size, 'big')).toBe(INVALID_INTEGER);
    const code = item('string', { pattern: '[A-Z]{2}\\d+' });
    expect(inputValueError(code, 'BE12')).toBeNull();
    expect(inputValueError(code, 'xBE12')).toBe('Size must match the pattern [A-Z]{2}\\d+.');
    expect(inputValueError(item('string', { minimum: 1 }), 'one')).toBe('Size must be a number.');
  });

  it('checks less_than between the inputs of one node, on the input that declares it', () => {
    const box = (identifier: string, label: string, less_than?: string): WorkflowInputItem => ({
      identifier,
      label,
      defaultValue: null,
      userVisible: true,
      userEditable: true,
      dataType: { identifier: 'longitude', label: 'Longitude' },
      doc: '',
      description: '',
      constraints: less_than ? { less_than } : {},
    });
    const group = { items: [box('west', 'West', 'east'), box('east', 'East')] };
    const values: Record<string, string> = { west: '4.5', east: '4.3' };
    expect([...groupInputErrors(group, (one) => values[one.identifier])]).toEqual([['west', 'West must be less than East.']]);
    values.west = '4.3';
    expect([...groupInputErrors(group, (one) => values[one.identifier])]).toEqual([['west', 'West must be less than East.']]);
    values.west = '4.2';
    expect(groupInputErrors(group, (one) => values[one.identifier]).size).toBe(0);
    values.east = '200';
    expect([...groupInputErrors(group, (one) => values[one.identifier])]).toEqual([['east', INVALID_COORDINATE]]);
  });
});
