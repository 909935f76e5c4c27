import type { AppContext } from '../../context.ts';
import { at, demoWriter } from './demo-writer.ts';
import { monthsAgo, random } from './donation.ts';
import { demoChildren } from './student.ts';

/*
 * Demo help applications: waiting, approved (which creates a poor-student file, or links the existing one
 * when the 身份证号 is already on file), rejected and funded ones, from the mini program and offline.
 */

const SITUATIONS = [
  '父亲外出务工受伤，家中无固定收入',
  '母亲患重病长期住院，医疗费负担沉重',
  '今年暴雨导致房屋倒塌，全家借住亲戚家',
  '家中四个孩子上学，学费无力承担',
  '祖孙二人相依为命，靠低保生活',
];
/** How far each application got: 1待审核 2已通过 3已驳回 4已资助. */
const STORIES = ['4', '4', '2', '2', '3', '1', '1', '4', '2', '3', '1', '2'];

export async function seedHelpDemo(ctx: AppContext): Promise<void> {
  const w = await demoWriter(ctx);
  if (await w.db.selectFrom('help_application').select('id').limit(1).executeTakeFirst()) return;
  const rnd = random(20250801);
  // The first four children already have a file (student.ts uses the same generator): approving them links it.
  const children = [...demoChildren(4, 4100), ...demoChildren(STORIES.length - 4, 9100)];
  for (const [i, story] of STORIES.entries()) {
    const child = children[i];
    const applied = monthsAgo(Math.max(0, 16 - i));
    const row = await w.add(
      'help/application',
      {
        applicant_name: child.name,
        gender: child.gender,
        id_card: child.idCard,
        phone: `1${rnd.pick(['35', '36', '59', '88'])}${String(rnd.int(0, 99999999)).padStart(8, '0')}`,
        region: child.region,
        school: child.school,
        grade: child.grade,
        family_size: rnd.int(3, 7),
        family_income: rnd.int(5, 25) * 1000,
        hardship_type: rnd.pick(['1', '1', '2', '3', '4', '5']),
        apply_amount: rnd.pick([1000, 1500, 2000, 3000, 5000]),
        situation: rnd.pick(SITUATIONS),
        source: rnd.next() < 0.6 ? '1' : '2',
        status: '1',
      },
      applied,
    );
    if (story === '1') continue;
    const audited = new Date(Math.min(Date.now() - 3600_000, applied.getTime() + rnd.int(2, 10) * 86400_000));
    if (story === '3') {
      await w.edit('help/application', row.id, { status: '3', audit_opinion: '家庭收入超出资助标准', audit_by: 'lina', audit_time: at(audited) }, audited);
      continue;
    }
    await w.edit('help/application', row.id, { status: '2', audit_opinion: '经走访核实，情况属实', audit_by: 'lina', audit_time: at(audited) }, audited);
    if (story === '4') await w.edit('help/application', row.id, { status: '4' }, new Date(Math.min(Date.now() - 60_000, audited.getTime() + 20 * 86400_000)));
  }
}
