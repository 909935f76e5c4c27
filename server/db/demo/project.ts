import type { AppContext } from '../../context.ts';
import { at, between, dateText, demoWriter, type DemoWriter } from './demo-writer.ts';
import { monthsAgo, random } from './donation.ts';
import { ADULT_NAMES, PLACES, SURNAMES } from './places.ts';

/*
 * Demo projects over the last 18 months, each moved along its status steps as far as its story goes
 * (草稿 … 已结项, some 驳回), with disbursements within the approved amount, progress reports and a fund
 * ledger (income from donation activities, expenses) whose balance the roll-ups derive.
 */

const PROJECTS = [
  { name: '希望小学教学楼建设', type: '1', budget: 1200000, apply: 800000, beneficiaries: 420 },
  { name: '乡村学校图书室', type: '2', budget: 80000, apply: 60000, beneficiaries: 300 },
  { name: '春蕾女童助学金', type: '3', budget: 150000, apply: 120000, beneficiaries: 60 },
  { name: '阳光体育器材捐赠', type: '4', budget: 50000, apply: 40000, beneficiaries: 500 },
  { name: '乡村教师能力提升培训', type: '5', budget: 90000, apply: 70000, beneficiaries: 45 },
  { name: '学生营养午餐改善', type: '6', budget: 200000, apply: 150000, beneficiaries: 380 },
] as const;

/** How far each demo project got: 1草稿 2待审核 3已立项 4已驳回 5实施中 6已结项. */
const STORIES = ['6', '6', '5', '5', '3', '3', '4', '2', '2', '1', '3', '5'];
const OPINIONS = {
  approve: ['项目必要性充分，同意立项', '预算合理，同意按批准金额实施', '经实地考察，同意立项'],
  reject: ['预算依据不足，请补充材料后重新提交', '与已立项项目重复，暂不立项'],
};
const SEND_METHODS = ['1', '1', '1', '2'];

const phone = (rnd: ReturnType<typeof random>) => `1${rnd.pick(['37', '39', '51', '58', '80', '82', '99'])}${String(rnd.int(0, 99999999)).padStart(8, '0')}`;
const later = (from: Date, days: number) => new Date(Math.min(Date.now() - 3600_000, from.getTime() + days * 86400_000));

async function spend(w: DemoWriter, rnd: ReturnType<typeof random>, id: string, approved: number, from: Date, closed: boolean, activities: string[]) {
  const batches = closed ? 3 : rnd.int(1, 2);
  let sent = 0;
  for (let b = 1; b <= batches; b++) {
    const amount = b === batches && closed ? approved - sent : Math.round((approved * rnd.int(25, 40)) / 100);
    if (amount <= 0) break;
    sent += amount;
    const day = later(from, b * rnd.int(20, 45));
    await w.add(
      'project/sending',
      {
        project_id: id,
        batch_no: b,
        amount,
        send_date: dateText(day),
        method: rnd.pick(SEND_METHODS),
        account: `62220219${String(rnd.int(0, 99999999999)).padStart(11, '0')}`,
        handler: rnd.pick(['王芳', '陈静', '刘洋']),
        status: '2',
      },
      day,
    );
    await w.add('project/fund', { project_id: id, direction: '2', amount, fund_date: dateText(day), summary: `第${b}批项目拨付` }, day);
    await w.add(
      'project/report',
      {
        project_id: id,
        report_type: b === batches && closed ? '2' : '1',
        report_date: dateText(later(day, 15)),
        spent_amount: Math.round(amount * 0.9),
        actual_beneficiaries: rnd.int(30, 400),
        content: `<p>第${b}批资金已到位，${b === batches && closed ? '项目已全部完成并通过验收' : '施工与采购按计划推进'}。</p>`,
      },
      later(day, 15),
    );
  }
  const source = rnd.pick(activities);
  await w.add(
    'project/fund',
    { project_id: id, direction: '1', activity_id: source ?? null, amount: approved, fund_date: dateText(later(from, 5)), summary: '捐赠活动定向资金划入' },
    later(from, 5),
  );
}

export async function seedProjectDemo(ctx: AppContext): Promise<void> {
  const w = await demoWriter(ctx);
  if (await w.db.selectFrom('project_application').select('id').limit(1).executeTakeFirst()) return;
  const rnd = random(20250601);
  const activities = (await w.db.selectFrom('donation_activity').select('id').orderBy('activity_no').execute()).map((r) => String(r.id));
  for (const [i, story] of STORIES.entries()) {
    const p = PROJECTS[i % PROJECTS.length];
    const place = PLACES[i % PLACES.length];
    const created = monthsAgo(17 - i);
    const row = await w.add(
      'project/application',
      {
        project_name: `${place.county.match(/[^省州市]+[县市]$/)![0]}${p.name}`,
        project_type: p.type,
        school: place.school,
        region: place.region,
        address: `${place.county}${place.school}`,
        contact: `${rnd.pick([...SURNAMES])}${rnd.pick(ADULT_NAMES)}`,
        phone: phone(rnd),
        beneficiaries: p.beneficiaries,
        budget: p.budget,
        apply_amount: p.apply,
        description: `${place.school}${p.name}项目，计划惠及师生${p.beneficiaries}人。`,
        status: '1',
      },
      created,
    );
    if (story === '1') continue;
    await w.edit('project/application', row.id, { status: '2' }, later(created, 2));
    if (story === '2') continue;
    const audited = later(created, rnd.int(5, 15));
    if (story === '4') {
      await w.edit(
        'project/application',
        row.id,
        { status: '4', audit_opinion: rnd.pick(OPINIONS.reject), audit_by: 'wangfang', audit_time: at(audited) },
        audited,
      );
      continue;
    }
    const approved = Math.round((p.apply * rnd.int(80, 100)) / 100 / 1000) * 1000;
    await w.edit(
      'project/application',
      row.id,
      { status: '3', approved_amount: approved, audit_opinion: rnd.pick(OPINIONS.approve), audit_by: 'wangfang', audit_time: at(audited) },
      audited,
    );
    if (story === '3') {
      await spend(w, rnd, row.id, approved, audited, false, activities);
      continue;
    }
    const started = later(audited, 10);
    await w.edit('project/application', row.id, { status: '5' }, started);
    await spend(w, rnd, row.id, approved, started, story === '6', activities);
    if (story === '6') await w.edit('project/application', row.id, { status: '6' }, between(rnd.next, later(started, 120), later(started, 160)));
  }
}
