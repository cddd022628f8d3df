import { describe, expect, it } from 'vitest';
import { statusGroup, statusLabel } from './status.js';

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
  it("shows 'Success' for success", () => {
    expect(statusLabel('success')).toBe('Success');
  });
  it('replaces underscores by spaces otherwise', () => {
    expect(statusLabel('missing_inputs')).toBe('missing inputs');
  });
});
