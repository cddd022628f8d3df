import { statusLabel, type ExecutionStatistics } from '@asb/contracts';
import { BarChart, LineChart, type BarSeriesOption, type LineSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useEChart } from '../../../ui/use-echart';
import { sourceState } from './SourceState';
import { useLiveEvent } from '../../../app/live/useLiveEvent';
import { useExecutionStatistics } from '../api';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

type ChartOption = echarts.ComposeOption<BarSeriesOption | LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption>;

const STATUSES: { status: string; color: string }[] = [
  { status: 'success', color: '#2f9e44' },
  { status: 'failed', color: '#e03131' },
  { status: 'stopped', color: '#868e96' },
  { status: 'running', color: '#1c7ed6' },
  { status: 'pending', color: '#f08c00' },
  { status: 'created', color: '#ced4da' },
];
export const DEFAULT_CHART_DAYS = 14;

/** The chart: executions per day stacked by status (left axis), their mean duration in seconds (right axis). */
function executionsChartOption(statistics: ExecutionStatistics): ChartOption {
  const dates = statistics.days.map((day) => day.date.slice(5));
  return {
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: { top: 0, type: 'scroll' },
    grid: { left: 40, right: 50, top: 36, bottom: 24 },
    xAxis: { type: 'category', data: dates },
    yAxis: [
      { type: 'value', name: 'executions', minInterval: 1 },
      { type: 'value', name: 'mean s', splitLine: { show: false } },
    ],
    series: [
      ...STATUSES.map(({ status, color }): BarSeriesOption => ({
        type: 'bar',
        // the badges' words: 'created' is an execution never submitted
        name: statusLabel(status, null, 'execution'),
        stack: 'count',
        itemStyle: { color },
        data: statistics.days.map((day) => day.counts[status] ?? 0),
      })),
      {
        type: 'line',
        name: 'Mean duration',
        yAxisIndex: 1,
        connectNulls: true,
        itemStyle: { color: '#7048e8' },
        data: statistics.days.map((day) => (day.meanDuration === null ? null : Math.round(day.meanDuration * 10) / 10)),
      },
    ],
  };
}

/**
 * Executions over time (docs/dashboards.md): counts by status and mean duration per day, of the
 * executions the viewer may see; refetched whenever one of theirs changes (live executionUpdate).
 */
export function ExecutionsChart({ properties, height, isSignedIn }: { properties: Record<string, unknown>; height: number; isSignedIn: boolean }) {
  const days = typeof properties.days === 'number' && properties.days > 0 ? Math.min(properties.days, 366) : DEFAULT_CHART_DAYS;
  const query = useExecutionStatistics(days, isSignedIn);
  useLiveEvent('executionUpdate', () => void query.refetch());
  const option = useMemo(() => query.data && executionsChartOption(query.data), [query.data]);
  const element = useEChart(option, query.data !== undefined);
  const placeholder = sourceState(query, isSignedIn, height);
  if (placeholder || !query.data) return placeholder;
  return (
    <div data-testid="executions-chart" data-total={query.data.total}>
      <div ref={element} style={{ height, width: '100%' }} />
    </div>
  );
}
