import type { AppContext } from '../../context.ts';
import { dateText, demoWriter } from './demo-writer.ts';
import { PLACES } from './places.ts';

/*
 * Rows for 示例页面 (the template's example pages): a backlog at every status, service stations across
 * the demo's counties, and material requests at each step of their approval (with their items), so each
 * page shows what it does before anyone types. Does nothing when backlog items exist already.
 */

const daysFromNow = (n: number) => new Date(Date.now() + n * 86_400_000);

const TODOS: { title: string; priority: string; due: number; assignee: string; moves: string[] }[] = [
  { title: '整理本月捐赠票据并交财务', priority: 'H', due: 2, assignee: 'wangfang', moves: [] },
  { title: '回访怒江州受助学生家庭', priority: 'M', due: 7, assignee: 'lina', moves: ['2'] },
  { title: '准备“一起捐”活动宣传物料', priority: 'M', due: 5, assignee: 'zhangwei', moves: ['2'] },
  { title: '更新官网活动新闻', priority: 'L', due: 10, assignee: 'zhangwei', moves: [] },
  { title: '核对上季度项目拨付台账', priority: 'H', due: -3, assignee: 'wangfang', moves: ['3'] },
  { title: '志愿者培训签到表归档', priority: 'L', due: -6, assignee: 'lina', moves: ['2', '3'] },
];

const STATIONS: { name: string; type: string; place: number; manager: string; capacity: number }[] = [
  { name: '福贡县希望工程服务站', type: '1', place: 0, manager: 'lina', capacity: 1200 },
  { name: '会宁县希望工程服务站', type: '1', place: 4, manager: 'lina', capacity: 900 },
  { name: '昭觉县四开乡服务点', type: '2', place: 7, manager: 'zhangwei', capacity: 300 },
  { name: '威宁县雪山镇希望小学服务点', type: '3', place: 8, manager: 'zhangwei', capacity: 150 },
  { name: '巴东县野三关镇服务点', type: '2', place: 11, manager: 'wangfang', capacity: 260 },
];

const MATERIALS: { title: string; purpose: string; place: number; receiver: string; items: [string, string, number, string][]; moves: [string, string?][] }[] =
  [
    {
      title: '秋季学期文具申领',
      purpose: '1',
      place: 0,
      receiver: '和老师',
      items: [
        ['书包', '儿童双肩', 120, '个'],
        ['文具套装', '小学生', 120, '套'],
      ],
      moves: [['2'], ['3', '同意，按名单发放'], ['4']],
    },
    {
      title: '冬季御寒衣物申领',
      purpose: '1',
      place: 4,
      receiver: '马校长',
      items: [
        ['羽绒服', '130-160 码', 80, '件'],
        ['棉鞋', '均码', 80, '双'],
      ],
      moves: [['2'], ['3', '同意']],
    },
    {
      title: '暴雨受灾家庭应急物资',
      purpose: '2',
      place: 11,
      receiver: '向主任',
      items: [
        ['大米', '10 kg', 50, '袋'],
        ['食用油', '5 L', 50, '桶'],
        ['棉被', '单人', 30, '床'],
      ],
      moves: [['2']],
    },
    {
      title: '读书角图书补充',
      purpose: '3',
      place: 8,
      receiver: '杨老师',
      items: [['儿童读物', '小学 1-3 年级', 200, '册']],
      moves: [['2'], ['5', '请补充学校读书角的照片和现有图书清单']],
    },
    { title: '乡村音乐课乐器', purpose: '3', place: 7, receiver: '吉克老师', items: [['口琴', '24 孔', 40, '支']], moves: [] },
  ];

export async function seedExamplesDemo(ctx: AppContext): Promise<boolean> {
  const w = await demoWriter(ctx);
  if (await w.db.selectFrom('demo_todo').select('id').limit(1).executeTakeFirst()) return false;
  for (const [i, t] of TODOS.entries()) {
    const made = daysFromNow(-12 + i);
    const row = await w.add(
      'demo/todo',
      { title: t.title, priority: t.priority, due_date: dateText(daysFromNow(t.due)), assignee: t.assignee, description: '' },
      made,
    );
    for (const [k, to] of t.moves.entries()) await w.move('demo/todo', row.id, to, {}, daysFromNow(-10 + i + k));
  }
  for (const [i, s] of STATIONS.entries()) {
    const place = PLACES[s.place];
    await w.add(
      'demo/station',
      {
        station_name: s.name,
        station_type: s.type,
        region: place.region,
        address: place.county,
        manager: s.manager,
        phone: `0${871 + i}-${String(6_210_000 + i * 137)}`,
        capacity: s.capacity,
        open_date: dateText(daysFromNow(-400 + i * 60)),
        enabled: i !== 4,
      },
      daysFromNow(-300 + i * 30),
    );
  }
  for (const [i, m] of MATERIALS.entries()) {
    const place = PLACES[m.place];
    const made = daysFromNow(-20 + i * 3);
    const row = await w.add(
      'demo/material',
      {
        title: m.title,
        purpose: m.purpose,
        applicant: 'lina',
        apply_date: dateText(made),
        need_date: dateText(daysFromNow(10 + i)),
        region: place.region,
        address: `${place.county}${place.school}`,
        receiver: m.receiver,
        receiver_phone: `139${String(10_000_000 + i * 7919).padStart(8, '0')}`,
        reason: `${place.school}${m.title}`,
      },
      made,
    );
    for (const [name, spec, quantity, unit] of m.items) await w.add('demo/material_item', { material_id: row.id, item_name: name, spec, quantity, unit }, made);
    for (const [k, [to, opinion]] of m.moves.entries())
      await w.move('demo/material', row.id, to, opinion ? { audit_opinion: opinion } : {}, daysFromNow(-18 + i * 3 + k));
  }
  return true;
}
