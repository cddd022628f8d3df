import type { ImportStatusMessage } from '@asb/contracts';
import { describe, expect, it } from 'vitest';
import { isFinalMessage, lostView, outcomeOf, viewOfMessage, viewOfStatus } from './build-state';

function message(status_text: string, content = 'log', status_message = ''): ImportStatusMessage {
  return { content, status_text, status_message, status_code: null };
}

describe('build state', () => {
  it("shows 'Build not started' before any run", () => {
    expect(viewOfStatus('not_started')).toMatchObject({ statusText: 'Build not started', isRunning: false, log: '' });
    expect(viewOfStatus('importing').isRunning).toBe(true);
  });

  it("reads 'Importing' while no status text has arrived", () => {
    expect(viewOfMessage(message('', 'step 1'))).toMatchObject({ statusText: 'Importing', log: 'step 1', isRunning: true });
    expect(viewOfMessage(message('Build not started', ''))).toMatchObject({ statusText: 'Build not started', isRunning: false });
    expect(viewOfMessage(message('Import succeeded', 'done', 'Build passed'))).toMatchObject({ message: 'Build passed', isRunning: false });
  });

  it('ends a dry run at Import succeeded, a release at Import complete, any run at Import failed', () => {
    expect(isFinalMessage(message('Import succeeded'), 'dry-run')).toBe(true);
    expect(isFinalMessage(message('Import succeeded'), 'release')).toBe(false);
    expect(isFinalMessage(message('Import complete'), 'release')).toBe(true);
    expect(isFinalMessage(message('Import failed'), 'release')).toBe(true);
    expect(isFinalMessage(message('Importing'), 'dry-run')).toBe(false);
  });

  it('emits build-passed after a dry run and release-passed after a release', () => {
    expect(outcomeOf(message('Import succeeded'), 'dry-run')).toBe('build-passed');
    expect(outcomeOf(message('Import succeeded'), 'release')).toBeNull();
    expect(outcomeOf(message('Import complete'), 'release')).toBe('release-passed');
    expect(outcomeOf(message('Import failed'), 'dry-run')).toBe('failed');
  });

  it("turns a lost stream into 'Unable to retrieve status / Connection lost', keeping the log", () => {
    const lost = lostView(viewOfMessage(message('Importing', 'step 1')));
    expect(lost).toMatchObject({ statusText: 'Unable to retrieve status', message: 'Connection lost', log: 'step 1', isRunning: false, isLost: true });
  });
});
