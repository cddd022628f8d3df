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
