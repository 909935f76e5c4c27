import type { Kysely } from 'kysely';
import type { Session } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import { formatTimestamp } from '../../lib/time.ts';
import type { EntityModel } from '../../engine/schema/model.ts';

/*
 * Demo donations for a new install: activities, their 一起捐 teams and about 300 records over the last
 * 18 months. Everything is written through the schema runtime, as a user would, so the generated codes,
 * roll-ups (已筹金额, 捐赠人次, 成员数) and the data log are what the rules make them. The numbers come
 * from a fixed-seed generator: every install gets the same demo.
 */

const ACTIVITIES = [
  { name: '春蕾助学计划', category: '1', status: '1', target: 500000, months: [17, -6], teams: ['春蕾爱心一队', '春蕾爱心二队', '校友助学团'] },
  { name: '云南怒江希望小学建设', category: '2', status: '1', target: 1200000, months: [16, -12], teams: ['怒江筑梦队', '滇西同心队'] },
  { name: '乡村图书角', category: '3', status: '1', target: 200000, months: [14, -3], teams: ['书香满园', '悦读者联盟', '图书漂流队', '书虫小分队'] },
  { name: '冬日暖衣行动', category: '4', status: '2', target: 150000, months: [13, 9], teams: ['暖冬志愿队', '织爱行动组'] },
  { name: '甘肃地震紧急救助', category: '5', status: '2', target: 800000, months: [11, 8], teams: ['陇原驰援队', '心手相连'] },
  { name: '一起捐·助梦成长', category: '1', status: '1', target: 300000, months: [9, -9], teams: ['梦想合伙人', '青春助梦团', '星火小队'] },
  { name: '山区儿童营养午餐', category: '6', status: '1', target: 400000, months: [6, -12], teams: ['营养午餐一队', '爱心厨房'] },
  { name: '新学年助学金（筹备中）', category: '1', status: '0', target: 600000, months: [-1, -13], teams: [] as string[] },
];

export const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈';
export const GIVEN = [
  '伟',
  '芳',
  '娜',
  '秀英',
  '敏',
  '静',
  '丽',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '艳',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '秀兰',
  '霞',
  '平',
  '刚',
  '桂英',
  '晓东',
  '雨桐',
  '子涵',
  '浩然',
  '欣怡',
  '梓萱',
  '宇轩',
];
const COMPANIES = ['腾飞科技有限公司', '华泰建设集团', '鑫源贸易有限公司', '绿洲农业发展公司', '博远教育咨询公司', '恒信会计师事务所', '星河文化传媒公司'];
const GROUPS = ['实验中学初三(2)班', '市第一医院爱心协会', '阳光志愿者协会', '滨江社区居委会', '理工大学青年志愿者协会'];
const MESSAGES = ['愿孩子们健康成长', '一点心意，请收下', '加油！', '希望每个孩子都能读上书', '为爱接力', null, null, null];

/** A small deterministic generator (mulberry32), so the demo is the same on every install. */
export function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)],
  };
}

export const monthsAgo = (n: number) => {
  const d = new Date();
  d.setMonth(d.getMonth() - n);
  return d;
};

/** When an activity starting at `from` was entered: then, or a week ago for one that has not started yet (never in the future). */
const createdAt = (from: Date) => new Date(Math.min(from.getTime(), Date.now() - 7 * 86400_000));

function donor(rnd: ReturnType<typeof random>) {
  const roll = rnd.next();
  if (roll < 0.08) return { type: '2', name: rnd.pick(COMPANIES), amount: rnd.pick([5000, 10000, 20000, 50000, 88888]) };
  if (roll < 0.14) return { type: '3', name: rnd.pick(GROUPS), amount: rnd.pick([1200, 2000, 3600, 5000]) };
  const amount = rnd.pick([10, 20, 50, 50, 66, 88, 100, 100, 200, 200, 300, 500, 520, 800, 1000, 2000]) + (rnd.next() < 0.15 ? rnd.int(1, 99) / 100 : 0);
  return { type: '1', name: `${rnd.pick([...SURNAMES])}${rnd.pick(GIVEN)}`, amount };
}

/** Seeds the demo once, on the first start, as the admin; does nothing if there are activities already. */
export async function seedDonationDemo(ctx: AppContext, records = 300): Promise<boolean> {
  const { runtime, db } = ctx;
  const activity = runtime.registry.get('donation/activity');
  const team = runtime.registry.get('donation/team');
  const record = runtime.registry.get('donation/record');
  if (await (db as Kysely<any>).selectFrom(activity.table).select('id').limit(1).executeTakeFirst()) return false;
  const admin = await db.selectFrom('sys_user').selectAll().where('username', '=', 'admin').executeTakeFirstOrThrow();
  const session: Session = { user: admin, jti: 'demo', exp: 0, tenantId: admin.tenant_id };
  const add = (model: EntityModel, values: Record<string, unknown>, at: Date) =>
    runtime.write(session, model, (w) => w.add(model, { values, batches: new Map() }), formatTimestamp(at));

  const rnd = random(20250512);
  const planned: { id: string; from: Date; to: Date; teams: string[]; weight: number }[] = [];
  for (const a of ACTIVITIES) {
    const from = monthsAgo(a.months[0]);
    const to = monthsAgo(a.months[1]);
    const row = await add(
      activity,
      {
        activity_name: a.name,
        category: a.category,
        status: a.status,
        target_amount: a.target,
        show_in_app: a.status === '1' ? '1' : '0',
        start_date: formatTimestamp(from).slice(0, 10),
        end_date: formatTimestamp(to).slice(0, 10),
        description: `<p>${a.name}：希望工程公益项目，欢迎社会各界爱心人士参与。</p>`,
      },
      createdAt(from),
    );
    const teamIds: string[] = [];
    for (const name of a.teams) {
      const leader = `${rnd.pick([...SURNAMES])}${rnd.pick(GIVEN)}`;
      const t = await add(
        team,
        {
          team_name: name,
          activity_id: row.id,
          leader_name: leader,
          leader_phone: `1${rnd.pick(['38', '39', '58', '86', '77'])}${String(rnd.int(0, 99999999)).padStart(8, '0')}`,
          target_amount: Math.round(a.target / 20),
          slogan: '一起捐，让爱传递',
          status: '1',
        },
        createdAt(from),
      );
      teamIds.push(String(t.id));
    }
    if (a.status !== '0') planned.push({ id: String(row.id), from, to: to < new Date() ? to : new Date(), teams: teamIds, weight: a.target });
  }

  const totalWeight = planned.reduce((s, p) => s + Math.sqrt(p.weight), 0);
  for (let i = 0; i < records; i++) {
    let roll = rnd.next() * totalWeight;
    const target = planned.find((p) => (roll -= Math.sqrt(p.weight)) < 0) ?? planned[0];
    const at = new Date(target.from.getTime() + rnd.next() * (target.to.getTime() - target.from.getTime()));
    const who = donor(rnd);
    const status = rnd.next() < 0.86 ? '2' : rnd.next() < 0.7 ? '1' : '3';
    const method = rnd.pick(['1', '1', '1', '2', '2', '3', '4', '5']);
    await add(
      record,
      {
        donor_type: who.type,
        donor_name: who.name,
        phone: `1${rnd.pick(['35', '36', '38', '50', '59', '87', '89'])}${String(rnd.int(0, 99999999)).padStart(8, '0')}`,
        anonymous: rnd.next() < 0.1 ? '1' : '0',
        activity_id: target.id,
        team_id: target.teams.length && rnd.next() < 0.4 ? rnd.pick(target.teams) : null,
        amount: who.amount,
        pay_method: method,
        pay_status: status,
        pay_time: status === '1' ? null : formatTimestamp(at),
        trade_no:
          status === '1'
            ? null
            : `${method === '1' ? 'WX' : method === '2' ? 'ZFB' : 'TR'}${formatTimestamp(at).replace(/\D/g, '')}${String(i).padStart(4, '0')}`,
        message: rnd.pick(MESSAGES),
      },
      at,
    );
  }
  return true;
}
