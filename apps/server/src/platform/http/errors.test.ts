import { describe, expect, it } from 'vitest';
import { attributeErrors, fieldErrors, withDetail } from './errors.js';

describe('error bodies', () => {
  it('carry a top-level detail made of their messages when the refusal gave none', () => {
    const graph = {
      errors: [
        { status: '400', detail: 'Node "a" has no input "x".' },
        { status: '400', detail: 'The graph has a cycle.' },
      ],
    };
    expect(withDetail(graph)).toEqual({ ...graph, detail: 'Node "a" has no input "x". The graph has a cycle.' });
    expect(withDetail({ username: ['Taken.'], non_field_errors: ['Try again.'] })).toMatchObject({ detail: 'Taken. Try again.' });
    expect(withDetail({ detail: 'Kept.', errors: [{ detail: 'Other.' }] })).toEqual({ detail: 'Kept.', errors: [{ detail: 'Other.' }] });
    expect(withDetail({})).toEqual({});
  });

  it('are made with it by the shared builders', () => {
    expect(attributeErrors({ label: 'Label must not be empty.' }).body).toMatchObject({ detail: 'Label must not be empty.' });
    expect(fieldErrors({ password: ['Password is required.'] }).body).toEqual({ password: ['Password is required.'], detail: 'Password is required.' });
  });
});
