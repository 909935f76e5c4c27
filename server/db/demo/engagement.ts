import type { AppContext } from '../../context.ts';
import { seedCarousel } from './carousel.ts';
import { monthsAgo, random } from './donation.ts';
import { at, between, type DemoWriter, demoWriter } from './demo-writer.ts';
import { seedArticles } from './info.ts';
import { seedInvoices } from './invoice.ts';
import { seedMessages } from './love.ts';
import { linkDonations, seedWxUsers } from './wx.ts';

/*
 * Demo data of the engagement areas for a new install, after the donations: WeChat users (tied to some
 * donations), articles, love messages, their likes and collections, carousel banners and donation
 * receipts. Fixed seed: every install gets the same demo. Does nothing when WeChat users exist already.
 */
export async function seedEngagementDemo(ctx: AppContext): Promise<boolean> {
  const w = await demoWriter(ctx);
  if (await w.db.selectFrom('wx_user').select('id').limit(1).executeTakeFirst()) return false;
  const rnd = random(20251122);
  const wxUsers = await seedWxUsers(w, rnd);
  await linkDonations(w, rnd, wxUsers);
  const users = wxUsers.map((u) => u.id);
  const articles = await seedArticles(w, rnd);
  const messages = await seedMessages(w, rnd, users);
  await seedLikesAndCollections(w, rnd, users, articles, messages);
  await seedCarousel(w, articles);
  await seedInvoices(w, rnd);
  return true;
}

/** Likes (资讯/留言/活动) and collections (资讯/活动): 点赞数 and 收藏数 roll up from these. */
async function seedLikesAndCollections(w: DemoWriter, rnd: ReturnType<typeof random>, users: string[], articles: string[], messages: string[]): Promise<void> {
  const contents = new Map(
    (await w.db.selectFrom('love_message').select(['id', 'content']).execute()).map((m) => [String(m.id), String(m.content).slice(0, 30)]),
  );
  const titles = new Map((await w.db.selectFrom('info_article').select(['id', 'title']).execute()).map((a) => [String(a.id), String(a.title)]));
  const activities = await w.db.selectFrom('donation_activity').select(['id', 'activity_name']).where('status', '=', '1').execute();
  const likeable = [
    ...articles.map((id) => ({ type: '1', id, title: titles.get(id) ?? '', weight: 3 })),
    ...messages.map((id) => ({ type: '2', id, title: contents.get(id) ?? '爱心留言', weight: 1 })),
    ...activities.map((a) => ({ type: '3', id: String(a.id), title: String(a.activity_name), weight: 1 })),
  ].flatMap((o) => Array<typeof o>(o.weight).fill(o));
  for (const user of users) {
    const seen = new Set<string>();
    for (let i = rnd.int(0, 4); i > 0; i--) {
      const o = rnd.pick(likeable);
      if (seen.has(`${o.type}:${o.id}`)) continue;
      seen.add(`${o.type}:${o.id}`);
      const when = between(rnd.next, monthsAgo(12), new Date());
      await w.add('wx/user_like', { user_id: user, object_type: o.type, object_id: o.id, object_title: o.title, like_time: at(when) }, when);
    }
    const collected = [
      ...articles.filter(() => rnd.next() < 0.08).map((id) => ({ type: '1', id, title: titles.get(id) ?? '' })),
      ...activities.filter(() => rnd.next() < 0.05).map((a) => ({ type: '2', id: String(a.id), title: String(a.activity_name) })),
    ];
    for (const o of collected) {
      const when = between(rnd.next, monthsAgo(12), new Date());
      await w.add('wx/user_collect', { user_id: user, object_type: o.type, object_id: o.id, object_title: o.title, collect_time: at(when) }, when);
    }
  }
}
