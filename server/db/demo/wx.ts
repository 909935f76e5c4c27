import { GIVEN, monthsAgo, type random, SURNAMES } from './donation.ts';
import { at, between, type DemoWriter } from './demo-writer.ts';
import { PALETTE, writeDemoImage } from './images.ts';

/*
 * WeChat mini-program users, and about half of the individual WeChat-pay donations tied to them (so
 * 累计捐赠金额 and 捐赠次数 roll up from real records).
 */

const REGIONS = [
  '北京市 海淀区',
  '上海市 浦东新区',
  '广东省 深圳市',
  '浙江省 杭州市',
  '四川省 成都市',
  '湖北省 武汉市',
  '云南省 昆明市',
  '甘肃省 兰州市',
  '江苏省 南京市',
  '陕西省 西安市',
  '河南省 郑州市',
  '贵州省 贵阳市',
];
const NICK_TAILS = ['', '', '', '同学', '妈妈', '爸爸', '老师', '_爱心', '小号'];

export interface DemoWxUser {
  id: string;
  name: string;
  phone: string | null;
}

export async function seedWxUsers(w: DemoWriter, rnd: ReturnType<typeof random>, users = 30): Promise<DemoWxUser[]> {
  const made: DemoWxUser[] = [];
  for (let i = 0; i < users; i++) {
    const first = between(rnd.next, monthsAgo(18), monthsAgo(1));
    const last = between(rnd.next, first, new Date());
    const name = `${rnd.pick([...SURNAMES])}${rnd.pick(GIVEN)}`;
    const tail = rnd.pick(NICK_TAILS);
    const phone = rnd.next() < 0.7 ? `1${rnd.pick(['35', '38', '50', '58', '86', '89'])}${String(rnd.int(0, 99999999)).padStart(8, '0')}` : null;
    const row = await w.add(
      'wx/user',
      {
        openid: `oHope${String(1000 + i)}${Math.floor(rnd.next() * 1e10).toString(36)}`,
        unionid: rnd.next() < 0.6 ? `uHope${Math.floor(rnd.next() * 1e12).toString(36)}` : null,
        nickname: `${name}${tail}`,
        avatar: writeDemoImage(w.dataDir, 'wxavatar', 64, 64, PALETTE[i % PALETTE.length]),
        sex: tail === '妈妈' ? '2' : tail === '爸爸' ? '1' : rnd.pick(['1', '2']),
        phone,
        region: rnd.pick(REGIONS),
        first_login: at(first),
        last_login: at(last),
        status: rnd.next() < 0.95 ? '1' : '2',
      },
      first,
    );
    made.push({ id: row.id, name, phone });
  }
  return made;
}

/**
 * Ties some individual WeChat-pay donations to users, as donations made in the mini program would be:
 * the record then carries the user's name and phone.
 */
export async function linkDonations(w: DemoWriter, rnd: ReturnType<typeof random>, users: DemoWxUser[], share = 0.5): Promise<void> {
  const records = await w.db
    .selectFrom('donation_record')
    .select(['id', 'create_time'])
    .where('donor_type', '=', '1')
    .where('pay_method', '=', '1')
    .orderBy('record_no')
    .execute();
  for (const r of records) {
    if (rnd.next() > share) continue;
    const user = rnd.pick(users);
    await w.edit(
      'donation/record',
      String(r.id),
      { wx_user_id: user.id, donor_name: user.name, ...(user.phone ? { phone: user.phone } : {}) },
      new Date(String(r.create_time).replace(' ', 'T')),
    );
  }
}
