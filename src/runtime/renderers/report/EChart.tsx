import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import type { EChartsCoreOption } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { usePrefersReducedMotion } from '../../layout/motion.ts';

/*
 * One ECharts canvas. Only the chart types and components the dashboard and the reports draw are
 * registered (tree-shaken imports), and this module is imported lazily, so the chart code is a chunk of
 * its own that the login route never loads. Someone whose system asks for less motion gets the charts
 * drawn at once, without ECharts' second of animation frames (which the end-to-end tests ask for too: a
 * dashboard's charts were its costliest part).
 */
echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface EChartProps {
  option: EChartsCoreOption;
  height?: number;
  testId?: string;
}

export default function EChart({ option, height = 300, testId }: EChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const still = usePrefersReducedMotion();

  useEffect(() => {
    const el = host.current!;
    const instance = echarts.init(el, undefined, { renderer: 'canvas' });
    chart.current = instance;
    // The card may change width (side menu collapsed, window resized): the canvas follows.
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(still ? { ...option, animation: false } : option, true);
  }, [option, still]);

  return <div ref={host} style={{ width: '100%', height }} data-testid={testId} className="echart" />;
}
