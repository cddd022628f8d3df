import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldLabel, installHumanValidationMessages } from './validation-messages.js';

installHumanValidationMessages();

const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues.map((issue) => issue.message);
};

describe('validation messages', () => {
  it('names fields as people read them', () => {
    expect(fieldLabel('label')).toBe('Label');
    expect(fieldLabel('processor_id')).toBe('Processor id');
    expect(fieldLabel('shortDescription')).toBe('Short description');
    expect(fieldLabel('page[size]')).toBe('page[size]');
  });

  it('says what is wrong with the field, in words', () => {
    const schema = z.object({
      label: z.string().min(1),
      slug: z
        .string()
        .max(5)
        .regex(/^[a-z]+$/),
      size: z.number().int().min(1).max(100),
      tags: z.array(z.string()).min(1),
      kind: z.enum(['wps', 'python']),
      email: z.email(),
    });
    expect(messageOf(schema, { label: '', slug: 'ABCDEFG', size: 0.5, tags: [], kind: 'x', email: 'nope' })).toEqual([
      'Label must not be empty.',
      'Slug must be at most 5 characters long.',
      'Slug is not in the expected form (/^[a-z]+$/).',
      'Size must be a whole number, not 0.5.',
      'Tags must have at least one item.',
      "Kind must be one of 'wps', 'python'.",
      'Email must be an e-mail address.',
    ]);
    expect(messageOf(schema, { slug: 5, size: 1000, tags: ['a', 3], kind: 'wps', email: 'a@b.eu' })).toEqual([
      'Label is required.',
      'Slug must be text, not 5.',
      'Size must be at most 100.',
      'Tags item 2 must be text, not 3.',
    ]);
    expect(messageOf(z.strictObject({ a: z.string() }), { a: 'x', b: 1 })).toEqual(["Unknown field: 'b'."]);
  });

  it('keeps a schema’s own message', () => {
    expect(messageOf(z.string().min(1, 'Please define a valid coordinate value.'), '')).toEqual(['Please define a valid coordinate value.']);
  });
});
