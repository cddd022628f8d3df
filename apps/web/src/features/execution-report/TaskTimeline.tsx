import { Box, Paper, Text, Title } from '@mantine/core';
import type { ExecutionEstimate, ReportTaskRow } from '@asb/contracts';
import { CustomChart, type CustomSeriesOption } from 'echarts/charts';
import { GridComponent, TooltipComponent, type GridComponentOption, type TooltipComponentOption } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useMemo, useState } from 'react';
import { useEChart } from '../../ui/use-echart';
import { EstimateNote } from './EstimateNote';
import { barTooltip, timelineBars, timelineExtent, timelineHeight, type TimelineBar } from './timeline';

// SVG: the bars and labels are elements of the page (readable by tests and screen readers)
echarts.use([CustomChart, GridComponent, TooltipComponent, SVGRenderer]);

const OPEN_BAR_TICK_MS = 1000;
const CRITICAL_STROKE = '#212529';

type TimelineOption = echarts.ComposeOption<CustomSeriesOption | GridComponentOption | TooltipComponentOption>;

/** A planned bar is a pale, dashed outline of what should come; a critical one has a dark border. */
function barStyle(bar: TimelineBar) {
  return {
    fill: bar.color,
    // the fill only: a planned bar on the critical path keeps its dark border
    fillOpacity: bar.isPlanned ? 0.35 : 1,
    stroke: bar.isCritical ? CRITICAL_STROKE : bar.isPlanned ? bar.color : 'none',
    lineWidth: bar.isCritical || bar.isPlanned ? 2 : 0,
    lineDash: bar.isPlanned ? [4, 3] : undefined,
  };
}

function timelineOption(bars: TimelineBar[]): TimelineOption {
  return {
    animation: false,
    grid: { left: 8, right: 24, top: 8, bottom: 32, containLabel: true },
    tooltip: { trigger: 'item', formatter: (params) => barTooltip(bars[(params as { dataIndex: number }).dataIndex]!) },
    xAxis: { type: 'time', ...timelineExtent(bars), axisLabel: { hideOverlap: true } },
    yAxis: { type: 'category', data: bars.map((bar) => bar.taskId), inverse: true, axisLabel: { fontFamily: 'monospace', width: 160, overflow: 'truncate' } },
    series: [
      {
        type: 'custom',
        encode: { x: [1, 2], y: 0 },
        data: bars.map((bar, index) => ({ value: [index, bar.startMs, bar.endMs] })),
        renderItem: (params, api) => {
          const start = api.coord([api.value(1), api.value(0)]);
          const end = api.coord([api.value(2), api.value(0)]);
          const height = (api.size?.([0, 1]) as number[])[1]! * 0.6;
          return {
            type: 'rect',
            shape: { x: start[0]!, y: start[1]! - height / 2, width: Math.max(2, end[0]! - start[0]!), height, r: 3 },
            style: barStyle(bars[params.dataIndex]!),
          };
        },
      },
    ],
  };
}

const taskIds = (bars: TimelineBar[]) => bars.map((bar) => bar.taskId).join(',');

interface TaskTimelineProps {
  rows: ReportTaskRow[];
  /** a running execution's estimate (docs/estimates.md): planned bars and the critical path */
  status?: string;
  estimatedEnd?: string | null;
  estimate?: ExecutionEstimate | null;
}

/**
 * The timeline of spec 1 §2: one bar per task from its start to its end, sorted by start, coloured
 * by state; live. While it runs with an estimate, the tasks not started yet follow as planned bars
 * and the critical path is outlined (issue 35 §4).
 */
export function TaskTimeline({ rows, status, estimatedEnd, estimate }: TaskTimelineProps) {
  // a running task's bar grows to now: the clock ticks while one runs
  const [now, setNow] = useState(() => Date.now());
  const hasOpenBar = rows.some((row) => row.startMs !== undefined && row.endMs === undefined);
  useEffect(() => {
    if (!hasOpenBar) return;
    const timer = setInterval(() => setNow(Date.now()), OPEN_BAR_TICK_MS);
    return () => clearInterval(timer);
  }, [hasOpenBar]);
  const bars = useMemo(() => timelineBars(rows, now, estimate), [rows, now, estimate]);
  const height = timelineHeight(bars.length);
  const hasBars = bars.length > 0;

  const option = useMemo(() => timelineOption(bars), [bars]);
  const element = useEChart(option, hasBars);

  return (
    <Paper withBorder radius="md" p="md">
      <Title order={4} mb="sm">
        Timeline
      </Title>
      {status === 'running' && estimatedEnd !== undefined && <EstimateNote estimatedEnd={estimatedEnd} estimate={estimate ?? null} />}
      {!hasBars ? (
        <Text size="sm" c="dimmed">
          No task has started yet
        </Text>
      ) : (
        <Box
          ref={element}
          h={height}
          data-testid="task-timeline"
          data-bars={taskIds(bars.filter((bar) => !bar.isPlanned))}
          data-planned={taskIds(bars.filter((bar) => bar.isPlanned))}
          data-critical={estimate?.criticalPath.join(',') ?? ''}
        />
      )}
    </Paper>
  );
}
