import type { Kysely } from 'kysely';
import { newId } from '../../lib/ids.ts';
import { nowText } from '../../lib/time.ts';

/*
 * The category tree of a new install (分类字典): 助学类别 and 项目类别, which the student-aid and project
 * screens pick from. Written once, on the first start, after the schema runtime has made the table.
 */

interface Seed {
  code: string;
  name: string;
  children?: Seed[];
}

const CATEGORIES: Seed[] = [
  {
    code: 'B01',
    name: '助学类别',
    children: [
      {
        code: 'B01A01',
        name: '学费资助',
        children: [
          { code: 'B01A01A01', name: '小学学费' },
          { code: 'B01A01A02', name: '初中学费' },
          { code: 'B01A01A03', name: '高中学费' },
        ],
      },
      { code: 'B01A02', name: '生活补助' },
      { code: 'B01A03', name: '营养午餐' },
      { code: 'B01A04', name: '大学新生助学金' },
    ],
  },
  {
    code: 'B02',
    name: '项目类别',
    children: [
      { code: 'B02A01', name: '希望小学建设' },
      { code: 'B02A02', name: '希望图书室' },
      { code: 'B02A03', name: '体育器材捐赠' },
      { code: 'B02A04', name: '教师培训' },
    ],
  },
];

export async function seedCategories(db: Kysely<any>, table = 'sys_category'): Promise<void> {
  const now = nowText();
  const insert = async (list: Seed[], pid: string | null) => {
    for (const c of list) {
      const id = newId();
      await db.insertInto(table).values({ id, pid, name: c.name, code: c.code, create_by: 'system', create_time: now, tenant_id: 0 }).execute();
      if (c.children) await insert(c.children, id);
    }
  };
  const existing = await db.selectFrom(table).select('id').limit(1).executeTakeFirst();
  if (!existing) await insert(CATEGORIES, null);
}
