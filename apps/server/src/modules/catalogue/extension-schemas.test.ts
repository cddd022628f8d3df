import { describe, expect, it } from 'vitest';
import { ExtensionSchemaError, summarizeSchema } from './extension-schemas.js';

describe('STAC extension schema summaries', () => {
  it("names the fields of the template's definitions.fields, with their titles and types", () => {
    const summary = summarizeSchema('https://example.org/sci.json', {
      title: 'Citation Extension',
      description: 'Citations for items.',
      oneOf: [{ $ref: '#/definitions/stac_extensions' }],
      definitions: {
        stac_extensions: { type: 'object' },
        fields: {
          type: 'object',
          properties: {
            'sci:doi': { type: 'string', title: 'Data DOI' },
            'sci:publications': { type: 'array', title: 'Publications', items: { type: 'object', properties: { doi: { type: 'string' } } } },
          },
          patternProperties: { '^(?!sci:)': {} },
        },
      },
    });
    expect(summary).toEqual({
      url: 'https://example.org/sci.json',
      title: 'Citation Extension',
      description: 'Citations for items.',
      fields: [
        { name: 'sci:doi', title: 'Data DOI', description: null, type: 'string' },
        { name: 'sci:publications', title: 'Publications', description: null, type: 'array' },
      ],
    });
  });

  it('follows local $refs to fields defined on their own ($defs), merging what each place says', () => {
    const summary = summarizeSchema('https://example.org/mlm.json', {
      title: 'ML model',
      $defs: {
        itemFields: { properties: { 'mlm:name': { $ref: '#/$defs/mlm:name' }, 'mlm:tasks': { $ref: '#/$defs/mlm:tasks', description: 'What it does' } } },
        'mlm:name': { type: 'string', title: 'Model name' },
        'mlm:tasks': { type: 'array' },
      },
    });
    expect(summary.fields).toEqual([
      { name: 'mlm:name', title: 'Model name', description: null, type: 'string' },
      { name: 'mlm:tasks', title: null, description: 'What it does', type: 'array' },
    ]);
    expect(summary.description).toBeNull();
  });

  it('refuses what is not a schema object, and survives a $ref cycle', () => {
    expect(() => summarizeSchema('https://example.org/x.json', [1, 2])).toThrow(ExtensionSchemaError);
    const cyclic: Record<string, unknown> = { properties: { 'x:a': { $ref: '#/properties/x:a' } } };
    cyclic.self = cyclic;
    expect(summarizeSchema('https://example.org/x.json', cyclic).fields.map((field) => field.name)).toEqual(['x:a']);
  });

  it('survives a malformed $ref escape and a schema nested deeper than any stack', () => {
    expect(summarizeSchema('https://example.org/x.json', { properties: { 'x:a': { $ref: '#/%E0%A4%A', title: 'A' } } }).fields).toEqual([
      { name: 'x:a', title: 'A', description: null, type: null },
    ]);
    let deep: Record<string, unknown> = { properties: { 'x:deep': { title: 'Deep' } } };
    for (let level = 0; level < 20_000; level++) deep = { allOf: [deep] };
    expect(summarizeSchema('https://example.org/x.json', deep).fields.map((field) => field.name)).toEqual(['x:deep']);
  });
});
