import { INVALID_COORDINATE, INVALID_INTEGER, VALUE_REQUIRED } from '@asb/contracts';
import { describe, expect, it } from 'vitest';
import { buildExecutionPayload, encryptedFields, fieldKey, initialValues, inputErrors, invalidHint, serverInputErrors, visibleGroups } from './execute-form';
import { inputItem, TEST_GROUPS, testProcessor } from './test-inputs';

const VALID = { 'n1/lat': '51.5', 'n1/lon': '-0.12', 'n1/band': 'b', 'n2/count': '4', 'n2/period': '2024-01-01 / 2024-01-31' };

describe('visibleGroups', () => {
  it('leaves hidden items out and drops groups left empty', () => {
    const groups = [...TEST_GROUPS, { node_id: 'n3', label: 'Hidden', items: [inputItem('h', 'string', { userVisible: false })] }];
    const visible = visibleGroups(groups);
    expect(visible.map((group) => group.node_id)).toEqual(['n1', 'n2']);
    expect(visible[0]!.items.map((item) => item.identifier)).toEqual(['lat', 'lon', 'band', 'fixed']);
  });
});

describe('initialValues', () => {
  it('starts fillable inputs at their default (empty without), a switch off', () => {
    const groups = [
      ...TEST_GROUPS,
      { node_id: 'n3', label: 'Flags', items: [inputItem('flag', 'boolean'), inputItem('on', 'boolean', { defaultValue: 'true' })] },
    ];
    expect(initialValues(groups)).toEqual({ 'n1/lat': '', 'n1/lon': '', 'n1/band': '', 'n2/count': '3', 'n2/period': '', 'n3/flag': 'false', 'n3/on': 'true' });
  });
});

describe('inputErrors', () => {
  it('gives the spec 1 §5 text of each invalid input; hidden and read-only inputs count as valid', () => {
    const errors = inputErrors(TEST_GROUPS, { ...initialValues(TEST_GROUPS), 'n1/lat': '91', 'n1/lon': '12.5' });
    expect(errors['n1/lat']).toBe(INVALID_COORDINATE);
    expect(errors['n1/lon']).toBeUndefined();
    expect(errors['n1/band']).toBe(VALUE_REQUIRED);
    expect(errors['n1/secret_default']).toBeUndefined();
    expect(errors['n1/fixed']).toBeUndefined();
    expect(errors['n2/count']).toBeUndefined();
    expect(Object.keys(errors)).toHaveLength(3);
  });

  it('is empty when every input is valid', () => {
    expect(inputErrors(TEST_GROUPS, VALID)).toEqual({});
    expect(inputErrors(TEST_GROUPS, { ...VALID, 'n2/count': '4.5' })).toEqual({ 'n2/count': INVALID_INTEGER });
  });

  it('checks coordinates from -90 to 90 and -180 to 180', () => {
    expect(inputErrors(TEST_GROUPS, { ...VALID, 'n1/lat': '-90', 'n1/lon': '180' })).toEqual({});
    expect(inputErrors(TEST_GROUPS, { ...VALID, 'n1/lat': 'north', 'n1/lon': '180.5' })).toEqual({
      'n1/lat': INVALID_COORDINATE,
      'n1/lon': INVALID_COORDINATE,
    });
  });
});

describe('invalidHint', () => {
  it('counts the inputs that need a value', () => {
    expect(invalidHint(1)).toBe('1 input needs a valid value.');
    expect(invalidHint(3)).toBe('3 inputs need a valid value.');
  });
});

describe('buildExecutionPayload', () => {
  it('sends the spec payload: hidden items left out, read-only ones with their default, values trimmed', () => {
    const payload = buildExecutionPayload(testProcessor(), { ...VALID, 'n1/lat': ' 51.5 ' });
    expect(payload.processor_id).toBe('5');
    expect(payload.processor_version).toBe(2);
    expect(payload.inputs).toEqual([
      {
        node_id: 'n1',
        items: [
          {
            identifier: 'lat',
            label: 'Latitude',
            value: '51.5',
            user_visible: true,
            user_editable: true,
            description: 'North is positive',
            data_type: 'latitude',
          },
          { identifier: 'lon', label: 'Longitude', value: '-0.12', user_visible: true, user_editable: true, description: '', data_type: 'longitude' },
          { identifier: 'band', label: 'Band', value: 'b', user_visible: true, user_editable: true, description: '', data_type: 'string' },
          { identifier: 'fixed', label: 'Fixed', value: '7', user_visible: true, user_editable: false, description: '', data_type: 'integer' },
        ],
      },
      {
        node_id: 'n2',
        items: [
          { identifier: 'count', label: 'Count', value: '4', user_visible: true, user_editable: true, description: '', data_type: 'integer' },
          {
            identifier: 'period',
            label: 'Period',
            value: '2024-01-01 / 2024-01-31',
            user_visible: true,
            user_editable: true,
            description: '',
            data_type: 'date-range',
          },
        ],
      },
    ]);
    expect(JSON.stringify(payload)).not.toContain('hidden-value');
  });

  it('sends a password only as its ciphertext and leaves read-only passwords out', () => {
    const groups = [
      {
        node_id: 'n1',
        label: 'Login',
        items: [
          inputItem('token', 'password', { label: 'Token' }),
          inputItem('fixed_token', 'password', { userEditable: false, defaultValue: 'x' }),
          inputItem('user', 'string'),
        ],
      },
    ];
    const processor = testProcessor(groups);
    expect(encryptedFields(groups).map((field) => field.key)).toEqual(['n1/token']);
    const payload = buildExecutionPayload(processor, { 'n1/token': 'clear text', 'n1/user': 'bob' }, { 'n1/token': 'Q2lwaGVy' });
    expect(payload.inputs![0]!.items.map((item) => [item.identifier, item.value])).toEqual([
      ['token', 'Q2lwaGVy'],
      ['user', 'bob'],
    ]);
    expect(JSON.stringify(payload)).not.toContain('clear text');
    expect(() => buildExecutionPayload(processor, { 'n1/token': 'clear text', 'n1/user': 'bob' })).toThrow('not encrypted');
  });

  it('leaves out a node whose inputs are all hidden', () => {
    const payload = buildExecutionPayload(
      testProcessor([{ node_id: 'h', label: 'H', items: [inputItem('x', 'string', { userVisible: false, defaultValue: 'v' })] }]),
      {},
    );
    expect(payload.inputs).toEqual([]);
  });
});

describe('serverInputErrors', () => {
  it('puts errors pointing at a shown input under it, the rest to the general handler', () => {
    const result = serverInputErrors(TEST_GROUPS, {
      'inputs/n1/lat': 'Please define a valid coordinate value.',
      'inputs/n1/secret_default': 'Hidden default is wrong.',
      'inputs/n9': 'The workflow has no input on node "n9".',
      processor_version: 'Version 2: broken',
    });
    expect(result.byField).toEqual({ [fieldKey('n1', 'lat')]: 'Please define a valid coordinate value.' });
    expect(result.general).toEqual(['Hidden default is wrong.', 'The workflow has no input on node "n9".', 'Version 2: broken']);
    expect(serverInputErrors(TEST_GROUPS, undefined)).toEqual({ byField: {}, general: [] });
  });
});
