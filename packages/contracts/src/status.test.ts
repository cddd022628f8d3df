import { describe, expect, it } from 'vitest';
import { statusGroup, statusLabel, statusText } from './status.js';

describe('statusGroup', () => {
  it.each([
    ['success', 'success'],
    ['successful', 'success'],
    ['created', 'success'],
    ['pending', 'pending'],
    ['paused', 'pending'],
    ['submitting', 'pending'],
    ['credit_calculated', 'pending'],
    ['running', 'running'],
    ['request_sent', 'running'],
    ['failed', 'failed'],
    ['aborted', 'failed'],
    ['stopped', 'failed'],
    ['missing_inputs', 'failed'],
    ['denied', 'failed'],
    // a model service's states: one in error is red like a failed execution, not grey
    ['error', 'failed'],
    ['available', 'success'],
    ['deploying', 'running'],
    ['creating', 'running'],
    ['undeployed', 'neutral'],
    ['queued', 'neutral'],
    ['', 'neutral'],
  ])('%s -> %s', (status, group) => {
    expect(statusGroup(status)).toBe(group);
  });
});

describe('statusLabel', () => {
  it('shows percent progress for running and paused', () => {
    expect(statusLabel('running', 0.42)).toBe('42%');
    expect(statusLabel('paused', 1)).toBe('100%');
  });
  it("shows 'Success' for success, and every other status with the same capital", () => {
    expect(statusLabel('success')).toBe('Success');
    expect(statusLabel('failed')).toBe('Failed');
    expect(statusLabel('running')).toBe('Running');
    expect(statusLabel('FAILED')).toBe('Failed');
  });
  it('replaces underscores by spaces otherwise', () => {
    expect(statusLabel('missing_inputs')).toBe('Missing inputs');
    expect(statusLabel('upstream_failed')).toBe('Upstream failed');
  });
  it("writes an execution created but never submitted as 'Not submitted', any other 'created' as 'Created'", () => {
    expect(statusLabel('created', null, 'execution')).toBe('Not submitted');
    expect(statusLabel('created')).toBe('Created');
  });
});

describe('statusText', () => {
  it('is the same for task states, whatever their case', () => {
    expect(['success', 'failed', 'running', 'no_status', 'Queued'].map(statusText)).toEqual(['Success', 'Failed', 'Running', 'No status', 'Queued']);
  });
});
