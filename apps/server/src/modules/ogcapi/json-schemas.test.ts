import { describe, expect, it } from 'vitest';
import { ADDRESS_DATA_TYPES, FILE_FORMAT_DATA_TYPES, NUMBER_DATA_TYPES } from '@asb/contracts';
import { dataTypeSchema } from './json-schemas.js';

// The OGC process description reads the same data-type lists as the workflow editor's
// compatibility rules: a file format or a STAC address added there is a URI here too.
describe('dataTypeSchema', () => {
  it.each([...FILE_FORMAT_DATA_TYPES, ...ADDRESS_DATA_TYPES, 'file', 'folder', 'url'])('describes %s as a URI', (dataType) => {
    expect(dataTypeSchema(dataType)).toEqual({ type: 'string', format: 'uri' });
  });

  it.each([...NUMBER_DATA_TYPES].filter((dataType) => dataType !== 'integer').concat('float'))('describes %s as a number', (dataType) => {
    expect(dataTypeSchema(dataType)).toEqual({ type: 'number' });
  });

  it('describes a list by the schema of one of its items', () => {
    expect(dataTypeSchema('list-file')).toEqual({ type: 'array', items: { type: 'string', format: 'uri' } });
    expect(dataTypeSchema('List-Float')).toEqual({ type: 'array', items: { type: 'number' } });
    expect(dataTypeSchema('list-product')).toEqual({ type: 'array', items: { type: 'string' } });
  });

  it('describes an EO product and a type an instance added as a string', () => {
    expect(dataTypeSchema('sentinel-2-product')).toEqual({ type: 'string' });
    expect(dataTypeSchema('my-own-type')).toEqual({ type: 'string' });
  });
});
