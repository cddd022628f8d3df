import { describe, expect, it } from 'vitest';
import { formatLogEntry, lastLogMessage, toStatusMessage } from './status-message.js';

const at = new Date('2024-05-01T10:00:00.000Z');

describe('build log entries', () => {
  it('timestamps an entry and indents its further lines', () => {
    expect(formatLogEntry('Invalid wrapper\n  File "x", line 3\n', at)).toBe('[2024-05-01T10:00:00.000Z] Invalid wrapper\n      File "x", line 3\n');
  });

  it('finds the first line of the last entry', () => {
    const log = formatLogEntry('Copying', at) + formatLogEntry('Broken: SyntaxError\nFile "x", line 3', at);
    expect(lastLogMessage(log)).toBe('Broken: SyntaxError');
    expect(lastLogMessage('')).toBe('');
  });
});

describe('toStatusMessage', () => {
  const state = { log: formatLogEntry('Checking the wrapper', at), startedAt: at, processLabel: 'NDVI' };

  it.each([
    ['not_started', { status_text: 'Build not started', status_message: '', status_code: null }],
    ['importing', { status_text: 'Importing', status_message: 'Checking the wrapper', status_code: 0 }],
    ['succeeded', { status_text: 'Import succeeded', status_message: 'Build passed', status_code: 200 }],
    ['failed', { status_text: 'Import failed', status_message: 'Checking the wrapper', status_code: 500 }],
    ['released', { status_text: 'Import complete', status_message: 'NDVI released', status_code: 200 }],
  ] as const)('%s', (status, expected) => {
    expect(toStatusMessage({ ...state, status })).toEqual({ content: state.log, ...expected });
  });
});
