import type { AppContext } from '../../context.ts';
import { dateText, demoWriter } from './demo-writer.ts';
import { monthsAgo, random } from './donation.ts';
import { ADULT_NAMES, CHILD_NAMES, idCard, PLACES, SURNAMES } from './places.ts';

/*
 * Demo poor-student files: pupils of the demo counties' schools, most with aid records (助学金, 生活补助 …)
 * over the last 18 months whose sum the roll-up keeps as 累计资助金额.
 */

const GRADES = ['三年级', '四年级', '五年级', '六年级', '初一', '初二', '初三', '高一', '高二'];
const REASONS = [
  '父亲因病去世，母亲务工收入微薄',
  '父母均患慢性病，丧失劳动能力',
  '家住深山，家庭主要靠种植玉米维持生计',
  '父母离异，随年迈的祖父母生活',
  '家中遭受洪灾，房屋受损',
  '单亲家庭，母亲残疾',
];
const SPONSORS = ['腾飞科技有限公司', '华泰建设集团', '阳光志愿者协会', '陈女士', '理工大学校友会', null];

export interface DemoStudent {
  name: string;
  gender: string;
  idCard: string;
  school: string;
  region: string;
  grade: string;
}

/** The same children appear in help applications (help.ts) so that approving one links the existing file. */
export function demoChildren(count: number, seed: number): DemoStudent[] {
  const rnd = random(seed);
  return Array.from({ length: count }, (_, i) => {
    const place = PLACES[(i * 5) % PLACES.length];
    const gender = rnd.next() < 0.5 ? '1' : '2';
    const birthday = `${rnd.int(2008, 2016)}-${String(rnd.int(1, 12)).padStart(2, '0')}-${String(rnd.int(1, 28)).padStart(2, '0')}`;
    return {
      name: `${rnd.pick([...SURNAMES])}${rnd.pick(CHILD_NAMES)}`,
      gender,
      idCard: idCard(place.region, birthday, seed + i * 7),
      school: place.school,
      region: place.region,
      grade: rnd.pick(GRADES),
    };
  });
}

export async function seedStudentDemo(ctx: AppContext): Promise<void> {
  const w = await demoWriter(ctx);
  if (await w.db.selectFrom('poor_student').select('id').limit(1).executeTakeFirst()) return;
  const rnd = random(20250701);
  const projects = (
    await w.db.selectFrom('project_application').select('id').where('project_type', '=', '3').where('status', 'in', ['3', '5', '6']).execute()
  ).map((r) => String(r.id));
  for (const [i, child] of demoChildren(16, 4100).entries()) {
    const since = monthsAgo(18 - (i % 12));
    const aided = i % 6 !== 5;
    const sponsor = rnd.pick(SPONSORS);
    const student = await w.add(
      'student/poor_student',
      {
        name: child.name,
        gender: child.gender,
        nation: rnd.pick(['汉族', '汉族', '彝族', '傈僳族', '苗族', '回族']),
        birthday: child.idCard.slice(6, 10) + '-' + child.idCard.slice(10, 12) + '-' + child.idCard.slice(12, 14),
        id_card: child.idCard,
        school: child.school,
        grade: child.grade,
        class_name: `${rnd.int(1, 4)}班`,
        region: child.region,
        address: `${PLACES.find((p) => p.region === child.region)!.county}${rnd.pick(['新华村', '大坪村', '河口村', '山脚组'])}`,
        guardian: `${child.name[0]}${rnd.pick(ADULT_NAMES)}`,
        guardian_phone: `1${rnd.pick(['38', '39', '58', '87'])}${String(rnd.int(0, 99999999)).padStart(8, '0')}`,
        relation: rnd.pick(['父亲', '母亲', '祖父', '祖母']),
        family_size: rnd.int(3, 7),
        family_income: rnd.int(6, 30) * 1000,
        hardship_level: rnd.pick(['1', '2', '2', '3']),
        left_behind: rnd.next() < 0.4 ? '1' : '0',
        orphan: rnd.next() < 0.08 ? '1' : '0',
        status: aided ? (i % 8 === 7 ? '3' : '2') : '1',
        sponsor: aided ? sponsor : null,
        hardship_reason: rnd.pick(REASONS),
      },
      since,
    );
    if (!aided) continue;
    for (let term = 0; term < rnd.int(1, 2); term++) {
      const day = new Date(Math.min(Date.now() - 86400_000, since.getTime() + (term * 180 + rnd.int(5, 30)) * 86400_000));
      await w.add(
        'student/aid',
        {
          student_id: student.id,
          aid_date: dateText(day),
          amount: rnd.pick([500, 800, 1000, 1200, 1500, 2000]),
          aid_type: rnd.pick(['1', '1', '2', '3']),
          project_id: projects.length && rnd.next() < 0.5 ? rnd.pick(projects) : null,
          sponsor,
        },
        day,
      );
    }
  }
}
