import * as echarts from 'echarts/core';
import { useEffect, useRef, type RefObject } from 'react';

/**
 * An ECharts chart (SVG renderer) in the returned element while `isShown`, resized with the
 * element and given `option` whenever it changes. The caller registers the chart types it uses
 * (`echarts.use`) and renders the element only while `isShown`.
 */
export function useEChart(option: echarts.EChartsCoreOption | undefined, isShown: boolean): RefObject<HTMLDivElement | null> {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    if (!element.current || !isShown) return;
    const created = echarts.init(element.current, undefined, { renderer: 'svg' });
    chart.current = created;
    const observer = new ResizeObserver(() => created.resize());
    observer.observe(element.current);
    return () => {
      observer.disconnect();
      created.dispose();
      chart.current = null;
    };
  }, [isShown]);
  useEffect(() => {
    if (!option) return;
    chart.current?.resize();
    chart.current?.setOption(option, true);
  }, [option, isShown]);
  return element;
}
