import type { WorkflowInputGroup } from '@asb/contracts';
import { describe, expect, it } from 'vitest';
import { inputConstraintErrors } from './input-constraints.js';

const group = (pattern: string): WorkflowInputGroup => ({
  node_id: 'n',
  label: 'N',
  items: [
    {
      identifier: 'code',
      label: 'Code',
      defaultValue: null,
      userVisible: true,
      userEditable: true,
      dataType: { identifier: 'string', label: 'String' },
      doc: '',
      description: '',
      constraints: { pattern },
    },
  ],
});

describe('inputConstraintErrors', () => {
  it('checks a pattern against the whole value', () => {
    expect(inputConstraintErrors(group('[A-Z]{2}'), () => 'BE').size).toBe(0);
    expect(inputConstraintErrors(group('[A-Z]{2}'), () => 'BEL').get('code')).toBe('Code must match the pattern [A-Z]{2}.');
  });

  it('refuses the value instead of hanging on a catastrophic pattern', () => {
    expect(inputConstraintErrors(group('(a+)+'), () => `${'a'.repeat(40)}b`).get('code')).toBe('Code must match the pattern (a+)+.');
  });
});
