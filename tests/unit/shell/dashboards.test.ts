import { describe, expect, it } from 'vitest';
import { topRows, yearOverYearOption } from '../../../src/pages/dashboard/chart/gallery-options.ts';
import { fullestDisk, increments, memoryPercent } from '../../../src/runtime/live/monitor-figures.ts';
import { DEFAULT_COUNT, menuShortcuts, pinnedShortcuts, savePinned, shownShortcuts } from '../../../src/pages/dashboard/workplace/shortcuts.ts';
import type { AppRoute } from '../../../src/runtime/menu/routes.ts';

const route = (path: string, title: string, extra: Partial<AppRoute> = {}): AppRoute => ({
  path,
  name: path,
  component: `x${path}`,
  componentPath: '',
  meta: { title, keepAlive: false, internalOrExternal: false },
  ...extra,
});

describe('工作台 shortcuts', () => {
  const menu = [
    route('/dashboard/analysis', '首页'),
    route('/dashboard', '仪表盘', { component: 'layouts/RouteView', children: [route('/dashboard/workplace', '工作台')] }),
    route('/donation', '捐赠管理', {
      component: 'layouts/RouteView',
      meta: { title: '捐赠管理', icon: 'gift', keepAlive: false, internalOrExternal: false },
      children: [
        route('/donation/activity', '捐赠活动', { meta: { title: '捐赠活动', icon: 'heart', keepAlive: false, internalOrExternal: false } }),
        route('/donation/hidden', '隐藏', { hidden: true }),
        route('/donation/record', '捐赠记录'),
      ],
    }),
    route('https://help.example.org', '帮助', { component: 'layouts/IframePageView' }),
    route('/ext', '外链', { meta: { title: '外链', keepAlive: false, internalOrExternal: true } }),
    route('/empty', '空目录', { component: 'layouts/RouteView' }),
    ...Array.from({ length: 8 }, (_, i) => route(`/p${i}`, `页面${i}`)),
  ];

  it('are the visible leaves of the menu, with their area (and its icon when they have none), never containers, external pages or the dashboards', () => {
    const all = menuShortcuts(menu);
    expect(all.slice(0, 3)).toEqual([
      { path: '/donation/activity', title: '捐赠活动', icon: 'heart', area: '捐赠管理' },
      { path: '/donation/record', title: '捐赠记录', icon: 'gift', area: '捐赠管理' },
      { path: '/p0', title: '页面0', icon: undefined, area: '' },
    ]);
    expect(all.map((s) => s.path)).not.toEqual(
      expect.arrayContaining(['/dashboard/analysis', '/dashboard/workplace', '/donation/hidden', '/ext', '/empty', 'https://help.example.org']),
    );
  });

  it('show the first few until the user picks, then the pick in its order, without screens gone from the menu', () => {
    const all = menuShortcuts(menu);
    expect(shownShortcuts(all, null).map((s) => s.path)).toEqual(all.slice(0, DEFAULT_COUNT).map((s) => s.path));
    expect(shownShortcuts(all, ['/p3', '/gone', '/donation/record']).map((s) => s.path)).toEqual(['/p3', '/donation/record']);
    expect(shownShortcuts(all, [])).toEqual([]);
  });

  it('keep the pick per user; null goes back to the defaults', () => {
    savePinned('zhangwei', ['/p1']);
    expect(pinnedShortcuts('zhangwei')).toEqual(['/p1']);
    expect(pinnedShortcuts('lina')).toBeNull();
    savePinned('zhangwei', null);
    expect(pinnedShortcuts('zhangwei')).toBeNull();
  });
});

describe('图表 gallery shaping', () => {
  it('lays this year beside the last by month: twelve months, zeros where a month had nothing, no points for months to come', () => {
    const option = yearOverYearOption(
      [{ value: '2026-03', text: '2026-03', amount: 100 }],
      [
        { value: '2025-03', text: '2025-03', amount: 40 },
        { value: '2025-12', text: '2025-12', amount: 5 },
      ],
      2026,
      11,
    ) as any;
    expect(option.xAxis.data).toEqual(Array.from({ length: 12 }, (_, i) => `${i + 1}月`));
    expect(option.series.map((s: any) => s.name)).toEqual(['2026年', '2025年']);
    expect(option.series[0].data).toEqual([0, 0, 100, 0, 0, 0, 0, 0, 0, 0, 0, null]);
    expect(option.series[1].data).toEqual([0, 0, 40, 0, 0, 0, 0, 0, 0, 0, 0, 5]);
    expect((yearOverYearOption([], null, 2025) as any).series).toEqual([expect.objectContaining({ name: '2025年', data: Array(12).fill(0) })]);
  });

  it('ranks rows by a measure, leaving out the rows of no value', () => {
    const rows = [
      { value: 'a', text: 'a', amount: 1 },
      { value: null, text: '未填写', amount: 9 },
      { value: 'b', text: 'b', amount: 3 },
      { value: 'c', text: 'c', amount: 2 },
    ];
    expect(topRows(rows, 'amount', 2).map((r) => r.value)).toEqual(['b', 'c']);
  });
});

describe('监控 dashboard figures', () => {
  it('derives memory use, the fullest disk and the requests between samples', () => {
    expect(memoryPercent({ memoryTotalMb: 8000, memoryUsedMb: 2000 })).toBe(25);
    expect(
      fullestDisk({
        filesystems: [
          { mount: '/', usePercent: 40, sizeMb: 1, usedMb: 1 },
          { mount: '/data', usePercent: 91.5, sizeMb: 1, usedMb: 1 },
        ],
      })?.mount,
    ).toBe('/data');
    expect(fullestDisk({ filesystems: [] })).toBeNull();
    expect(increments([10, 15, 15, 3, 8])).toEqual([5, 0, 0, 5]);
  });
});
