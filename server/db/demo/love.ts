import { monthsAgo, type random } from './donation.ts';
import { at, between, type DemoWriter } from './demo-writer.ts';

/* Love messages from mini-program users on the activities: most approved (many answered), some waiting, a few blocked. */

const CONTENTS = [
  '愿山里的孩子都能坐在明亮的教室里读书！',
  '一点心意，希望孩子们健康快乐成长。',
  '向所有志愿者致敬，你们辛苦了！',
  '小时候受过希望工程的帮助，现在轮到我了。',
  '带着女儿一起捐的，希望她也学会分享。',
  '请问图书角的书可以指定捐赠吗？',
  '加油！等项目完工了想去看看孩子们。',
  '每个月都会来捐一点，坚持就是力量。',
  '希望营养午餐能覆盖更多的学校。',
  '公司组织的一起捐活动，很有意义。',
  '捐款后多久能开票呢？',
  '为爱接力，传递温暖。',
  '祝孩子们新学期学业进步！',
  '看到受助学生的来信，感动得哭了。',
  '点击领取免费礼品 http://spam.example',
  '支持！已转发给朋友们。',
];
const REPLIES = [
  '感谢您的爱心与支持！',
  '谢谢您！我们会把您的祝福带给孩子们。',
  '您好，捐赠完成后可在小程序“我的捐赠”中申请开票，一般5个工作日内开具。',
  '感谢长期以来的支持，项目进展会在资讯栏目持续更新。',
];

export async function seedMessages(w: DemoWriter, rnd: ReturnType<typeof random>, users: string[]): Promise<string[]> {
  const activities = await w.db.selectFrom('donation_activity').select('id').where('status', 'in', ['1', '2']).orderBy('activity_no').execute();
  const nicknames = new Map((await w.db.selectFrom('wx_user').select(['id', 'nickname']).execute()).map((u) => [String(u.id), String(u.nickname)]));
  const approved: string[] = [];
  for (let i = 0; i < 30; i++) {
    const user = rnd.pick(users);
    const content = CONTENTS[i % CONTENTS.length];
    const written = between(rnd.next, monthsAgo(15), new Date(Date.now() - 3600_000));
    const row = await w.add(
      'love/message',
      { wx_user_id: user, nickname: nicknames.get(user), content, activity_id: String(rnd.pick(activities).id), status: '1' },
      written,
    );
    if (content.includes('spam')) {
      await w.edit('love/message', row.id, { status: '3' }, new Date(written.getTime() + 600_000));
      continue;
    }
    if (rnd.next() < 0.2) continue; // still waiting for moderation
    const moderated = between(rnd.next, written, new Date(Math.min(Date.now(), written.getTime() + 3 * 86400_000)));
    const reply = content.includes('？') ? REPLIES[2] : rnd.next() < 0.5 ? rnd.pick(REPLIES) : null;
    await w.edit('love/message', row.id, { status: '2', ...(reply ? { reply_content: reply, reply_time: at(moderated) } : {}) }, moderated);
    approved.push(row.id);
  }
  return approved;
}
