import { describe, expect, it } from 'vitest';
import { failureSentence } from './failure-text.js';

describe('failureSentence', () => {
  it('names the task (with its process version when it differs) and the reason', () => {
    expect(failureSentence({ taskId: 'scene', taskLabel: 'synthetic-scene:1', reason: 'ValueError: west', logTail: [] })).toBe(
      'Task scene (synthetic-scene:1) failed: ValueError: west',
    );
    expect(failureSentence({ taskId: 'scene', taskLabel: 'scene', reason: 'Exited with code 1.', logTail: [] })).toBe('Task scene failed: Exited with code 1.');
  });

  it("says the run's own reason as it is", () => {
    expect(failureSentence({ taskId: null, taskLabel: null, reason: 'The workflow version was deleted.', logTail: [] })).toBe(
      'The workflow version was deleted.',
    );
  });
});
