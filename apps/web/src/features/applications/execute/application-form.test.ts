import type { ApplicationInput, CwlType } from '@asb/contracts';
import { describe, expect, it } from 'vitest';
import { executionRequest, fieldError, initialValue, inputField, isProductInput, isRequired } from './application-form';

function input(id: string, type: CwlType, extra: Partial<ApplicationInput> = {}): ApplicationInput {
  return { id, label: id, doc: '', default: null, type, optional: false, typeLabel: type.type, ...extra };
}

describe('inputField', () => {
  it('types each CWL input as its field', () => {
    expect(inputField(input('n', { type: 'int' })).kind).toBe('int');
    expect(inputField(input('n', { type: 'double' })).kind).toBe('float');
    expect(inputField(input('b', { type: 'boolean' })).kind).toBe('boolean');
    expect(inputField(input('f', { type: 'File' }))).toMatchObject({ kind: 'file', cwlClass: 'File' });
    expect(inputField(input('e', { type: 'enum', symbols: ['a', 'b'] }))).toMatchObject({ kind: 'enum', symbols: ['a', 'b'] });
    expect(inputField(input('l', { type: 'array', items: { type: 'float' } }))).toMatchObject({ kind: 'float', isArray: true });
    expect(inputField(input('u', { type: 'union', types: [{ type: 'null' }, { type: 'long' }] })).kind).toBe('long');
  });

  it('takes a File or Directory input that names a STAC item or a product as an EO product (the server stages those)', () => {
    expect(isProductInput({ id: 'item', label: 'Demo scene', doc: 'a product of the catalogue' }, { type: 'Directory' })).toBe(true);
    expect(isProductInput({ id: 'stac_item', label: '', doc: '' }, { type: 'File' })).toBe(true);
    // a string keeps its text, and a product inside a list is not staged: plain fields
    expect(isProductInput({ id: 'input_reference', label: 'Input product reference', doc: '' }, { type: 'string' })).toBe(false);
    expect(isProductInput({ id: 'stac_items', label: '', doc: '' }, { type: 'array', items: { type: 'Directory' } })).toBe(false);
    expect(isProductInput({ id: 'dem', label: 'Elevation', doc: '' }, { type: 'File' })).toBe(false);
  });
});

describe('fieldError', () => {
  it('holds numbers to CWL semantics', () => {
    const int = inputField(input('n', { type: 'int' }));
    expect(fieldError(int, '42')).toBeUndefined();
    expect(fieldError(int, '4.2')).toBe('Enter a whole number');
    expect(fieldError(int, '3000000000')).toMatch(/between/);
    expect(fieldError(inputField(input('n', { type: 'long' })), '3000000000')).toBeUndefined();
    expect(fieldError(inputField(input('x', { type: 'float' })), '1e-3')).toBeUndefined();
    expect(fieldError(inputField(input('x', { type: 'float' })), 'abc')).toBe('Enter a number');
  });

  it('lets an optional input, or one with a default (CWL takes the default), stay empty and requires the others', () => {
    expect(fieldError(inputField(input('s', { type: 'string' }, { optional: true })), '')).toBeUndefined();
    const withDefault = inputField(input('t', { type: 'float' }, { default: 0.5 }));
    expect(fieldError(withDefault, '')).toBeUndefined();
    expect(isRequired(withDefault)).toBe(false);
    expect(isRequired(inputField(input('s', { type: 'string' })))).toBe(true);
    expect(fieldError(inputField(input('s', { type: 'string' })), ' ')).toBe('This input is required');
    expect(fieldError(inputField(input('l', { type: 'array', items: { type: 'int' } })), ['1', 'x'])).toBe('Item 2: Enter a whole number');
  });
});

describe('executionRequest', () => {
  it('pre-fills defaults and sends CWL values, leaving empty optional inputs out', () => {
    const inputs = [
      input('threshold', { type: 'float' }, { default: 0.5 }),
      input('bands', { type: 'array', items: { type: 'string' } }, { default: ['B03', 'B08'] }),
      input('dem', { type: 'File' }, { default: { class: 'File', location: 'https://example.org/dem.tif' } }),
      input('verbose', { type: 'boolean' }),
      input('note', { type: 'string' }, { optional: true }),
    ];
    const fields = inputs.map(inputField);
    const values = Object.fromEntries(inputs.map((item, at) => [item.id, initialValue(fields[at]!, item.default)]));
    expect(values).toEqual({ threshold: '0.5', bands: ['B03', 'B08'], dem: 'https://example.org/dem.tif', verbose: 'false', note: '' });
    expect(executionRequest('water-bodies', fields, values, 'local')).toEqual({
      cwl_identifier: 'water-bodies',
      ades_id: 'local',
      inputs: [
        { identifier: 'threshold', value: 0.5 },
        { identifier: 'bands', value: ['B03', 'B08'] },
        { identifier: 'dem', value: { class: 'File', location: 'https://example.org/dem.tif' } },
        { identifier: 'verbose', value: false },
      ],
    });
  });
});

describe('an EO-product input', () => {
  it('is sent as the product link, which the server stages (the demo water-bodies application)', () => {
    const field = inputField(
      input('item', { type: 'Directory' }, { label: 'Demo scene', doc: 'A scene of the demo-scenes collection (a product of the catalogue)' }),
    );
    expect(field.kind).toBe('product');
    const link = '/resource-catalogue/csw?collections=demo-scenes&recordids=scene-1';
    expect(executionRequest('water-bodies-demo', [field], { item: link }, 'local').inputs).toEqual([{ identifier: 'item', value: link }]);
  });
});
