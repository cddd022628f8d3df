import type { ReportTaskRow } from '@asb/contracts';
import { describe, expect, it } from 'vitest';
import { MIN_TIMELINE_SPAN_MS, timelineBars, timelineExtent } from './timeline';

const START = Date.parse('2026-11-24T10:00:00Z');
const row = (taskId: string, startMs: number | undefined, endMs: number | undefined) =>
  ({ taskId, state: 'running', color: '#9ccc65', startMs, endMs }) as ReportTaskRow;

describe('timeline axis', () => {
  it('in the first second of the first task (start = now) spans that second, not two days', () => {
    const bars = timelineBars([row('scene', START, undefined)], START);
    expect(bars[0]).toMatchObject({ startMs: START, endMs: START, isOpen: true });
    expect(timelineExtent(bars)).toEqual({ min: START, max: START + MIN_TIMELINE_SPAN_MS });
  });

  it('a start the browser sees in its future (clock skew) still starts the axis there', () => {
    const bars = timelineBars([row('scene', START + 400, undefined)], START);
    expect(timelineExtent(bars)).toEqual({ min: START + 400, max: START + 400 + MIN_TIMELINE_SPAN_MS });
  });

  it('runs from the first start to the last end, running tasks to now', () => {
    const bars = timelineBars([row('a', START, START + 5000), row('b', START + 5000, undefined), row('c', undefined, undefined)], START + 9000);
    expect(bars.map((bar) => bar.taskId)).toEqual(['a', 'b']);
    expect(timelineExtent(bars)).toEqual({ min: START, max: START + 9000 });
    expect(timelineExtent([])).toBeUndefined();
  });
});

describe('planned bars (docs/estimates.md)', () => {
  const estimate = {
    basedOnRuns: 2,
    plannedTasks: [
      { taskId: 'b', plannedStart: new Date(START + 5000).toISOString(), plannedEnd: new Date(START + 9000).toISOString() },
      { taskId: 'd', plannedStart: new Date(START + 9000).toISOString(), plannedEnd: new Date(START + 12000).toISOString() },
      { taskId: 'c', plannedStart: new Date(START + 5000).toISOString(), plannedEnd: new Date(START + 6000).toISOString() },
    ],
    criticalPath: ['a', 'b', 'd'],
  };

  it('follow the started bars for the tasks not started, by planned start, and mark the critical path', () => {
    const rows = [row('a', START, START + 5000), row('b', START + 5000, undefined), row('c', undefined, undefined), row('d', undefined, undefined)];
    const bars = timelineBars(rows, START + 7000, estimate);
    expect(bars.map((bar) => [bar.taskId, bar.isPlanned, bar.isCritical])).toEqual([
      ['a', false, true],
      ['b', false, true],
      ['c', true, false],
      ['d', true, true],
    ]);
    expect(bars[3]).toMatchObject({ startMs: START + 9000, endMs: START + 12000 });
    // the axis reaches the planned end
    expect(timelineExtent(bars)).toEqual({ min: START, max: START + 12000 });
  });

  it('are not drawn without an estimate', () => {
    const bars = timelineBars([row('a', START, undefined), row('b', undefined, undefined)], START + 1000, null);
    expect(bars.map((bar) => bar.taskId)).toEqual(['a']);
    expect(bars[0]?.isCritical).toBe(false);
  });
});
