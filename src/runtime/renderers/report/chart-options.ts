import type { EChartsCoreOption } from 'echarts/core';

/*
 * ECharts options from report rows: plain functions of data (unit-tested without a canvas), shared by
 * the dashboard and the report page.
 */

export interface ChartRow {
  text: string;
  [measure: string]: unknown;
}

export interface Series {
  key: string;
  label: string;
}

const num = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0));

/** Vertical bars (one series per measure) over the rows' texts; `horizontal` for rankings. */
export function barOption(rows: ChartRow[], series: Series[], opts: { horizontal?: boolean } = {}): EChartsCoreOption {
  const categories = rows.map((r) => r.text);
  const category = {
    type: 'category',
    data: opts.horizontal ? [...categories].reverse() : categories,
    axisLabel: { interval: opts.horizontal ? 0 : 'auto', width: 110, overflow: 'truncate' },
  };
  const value = { type: 'value' };
  return {
    tooltip: { trigger: 'axis' },
    legend: series.length > 1 ? { top: 0 } : undefined,
    // containLabel: the value axis's labels (1,200,000) fit inside the card instead of being cut at its edge.
    // Horizontal: the value axis's last label (180,000) is centred on the edge, so more room on the right.
    grid: { left: 10, right: opts.horizontal ? 40 : 20, top: series.length > 1 ? 30 : 10, bottom: 10, containLabel: true },
    xAxis: opts.horizontal ? value : category,
    yAxis: opts.horizontal ? category : value,
    series: series.map((s) => ({
      type: 'bar',
      name: s.label,
      data: (opts.horizontal ? [...rows].reverse() : rows).map((r) => num(r[s.key])),
      barMaxWidth: 28,
    })),
  };
}

export function pieOption(rows: ChartRow[], measure: Series): EChartsCoreOption {
  return {
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { bottom: 0, type: 'scroll' },
    series: [
      {
        type: 'pie',
        name: measure.label,
        radius: ['35%', '65%'],
        center: ['50%', '45%'],
        data: rows.map((r) => ({ name: r.text, value: num(r[measure.key]) })),
      },
    ],
  };
}

export function lineOption(rows: ChartRow[], series: Series[]): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 10, right: 20, top: 30, bottom: 10, containLabel: true },
    xAxis: { type: 'category', data: rows.map((r) => r.text), boundaryGap: false },
    yAxis: { type: 'value', minInterval: 1 },
    series: series.map((s) => ({ type: 'line', name: s.label, data: rows.map((r) => num(r[s.key])) })),
  };
}

/** A report dimension's declared chart: bar, pie or line over its first measure. */
export function dimensionOption(chart: string, rows: ChartRow[], measure: Series): EChartsCoreOption | null {
  if (chart === 'pie') return pieOption(rows, measure);
  if (chart === 'line') return lineOption(rows, [measure]);
  if (chart === 'bar') return barOption(rows, [measure]);
  return null;
}

/** One tab of a chart report (图表报表): its ECharts option, or null for the data table. */
export function graphOption(type: string, rows: ChartRow[], series: Series[], yAxisText?: string | null): EChartsCoreOption | null {
  if (type === 'table' || !series.length) return null;
  if (type === 'pie') return pieOption(rows, series[0]);
  const option = type === 'line' ? lineOption(rows, series) : barOption(rows, series);
  return yAxisText ? { ...option, yAxis: { ...(option.yAxis as object), name: yAxisText } } : option;
}
