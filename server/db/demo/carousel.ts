import { monthsAgo } from './donation.ts';
import { at, type DemoWriter } from './demo-writer.ts';
import { PALETTE, writeDemoImage } from './images.ts';

/* Banners of the mini program and the website, pointing at articles, activities and an outside page. */

export async function seedCarousel(w: DemoWriter, articles: string[]): Promise<void> {
  const activity = await w.db.selectFrom('donation_activity').select('id').where('status', '=', '1').orderBy('activity_no').executeTakeFirst();
  const from = monthsAgo(2);
  const banners = [
    { title: '春蕾助学计划 · 让女孩上学', link_type: '2', link_target: activity ? String(activity.id) : null, position: '1', sort_no: 1, status: '1' },
    { title: '一起捐 · 每一份爱都算数', link_type: '0', link_target: null, position: '1', sort_no: 2, status: '1' },
    { title: '希望小学主体工程完工', link_type: '1', link_target: articles[0] ?? null, position: '2', sort_no: 1, status: '1' },
    { title: '捐赠票据开具说明', link_type: '3', link_target: 'https://www.cydf.org.cn/', position: '2', sort_no: 2, status: '1' },
    { title: '冬日暖衣行动（已结束）', link_type: '0', link_target: null, position: '1', sort_no: 9, status: '0' },
  ];
  for (const [i, b] of banners.entries()) {
    const linkType = b.link_target || b.link_type === '0' ? b.link_type : '0';
    await w.add(
      'web/carousel',
      {
        ...b,
        link_type: linkType,
        image: writeDemoImage(w.dataDir, 'carousel', 750, 320, PALETTE[i % PALETTE.length]),
        start_time: at(from),
        end_time: b.status === '1' ? at(monthsAgo(-6)) : at(monthsAgo(1)),
      },
      from,
    );
  }
}
