import { describe, expect, it } from 'vitest';
import { countOf, pluralForm } from './plural';

describe('countOf', () => {
  it('writes one of a thing in the singular and every other count in the plural', () => {
    expect(countOf(1, 'execution')).toBe('1 execution');
    expect(countOf(0, 'execution')).toBe('0 executions');
    expect(countOf(2, 'dashboard')).toBe('2 dashboards');
    expect(countOf(1.5, 'file')).toBe('1.5 files');
  });

  it('takes an irregular plural as given', () => {
    expect(countOf(1, 'process', 'processes')).toBe('1 process');
    expect(countOf(3, 'process', 'processes')).toBe('3 processes');
    expect(countOf(2, 'process version', 'process versions')).toBe('2 process versions');
  });
});

describe('pluralForm', () => {
  it('gives the word alone, for a count written another way or a verb', () => {
    expect(pluralForm(1000, 'workspace')).toBe('workspaces');
    expect(pluralForm(1, 'workspace')).toBe('workspace');
    expect(pluralForm(2, 'needs', 'need')).toBe('need');
  });
});
