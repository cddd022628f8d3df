import { describe, expect, it, vi } from 'vitest';
import type { TaskRow } from '../store/tasks.repository.js';
import { RunningExecutions } from './running-executions.js';
import { SerialRuns } from './serial-runs.js';

describe('RunningExecutions', () => {
  it('forgets everything about an execution at once: remembered rows, the change to publish, the wake timer', () => {
    vi.useFakeTimers();
    try {
      const running = new RunningExecutions();
      const run = running.of(7);
      run.tasks = new Map();
      run.remember({ id: 1, executionId: 7 } as TaskRow);
      run.markChanged();
      const onWake = vi.fn();
      run.wakeAt(new Date(Date.now() + 1000), onWake);
      running.forget(7);
      vi.advanceTimersByTime(2000);
      expect(onWake).not.toHaveBeenCalled();
      expect(running.get(7)).toBeUndefined();
      expect(running.of(7).takeUnpublished()).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('publishes a change once, with the last task that caused it', () => {
    const run = new RunningExecutions().of(1);
    run.markChanged({ id: 1 } as TaskRow);
    run.markChangedIfNot();
    run.markChanged({ id: 2 } as TaskRow);
    expect(run.takeUnpublished()?.cause?.id).toBe(2);
    expect(run.takeUnpublished()).toBeUndefined();
  });
});

describe('SerialRuns', () => {
  it('never runs two jobs of one key at once; kicks during a run ask for one more', async () => {
    const runs = new SerialRuns();
    let active = 0;
    let calls = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const job = async () => {
      active++;
      calls++;
      expect(active).toBe(1);
      if (calls === 1) await gate;
      active--;
    };
    runs.kick(1, job, () => true);
    runs.kick(1, job, () => true);
    runs.kick(1, job, () => true);
    release();
    await runs.settled(1);
    expect(calls).toBe(2);
  });
});
