import { monthsAgo, type random } from './donation.ts';
import { at, between, type DemoWriter } from './demo-writer.ts';
import { PALETTE, writeDemoImage } from './images.ts';

/* Articles of every 栏目, most of them published (through the 发布 step), a few drafts and one offline. */

const ARTICLES: { title: string; column: string; summary: string; body: string; author: string; source: string }[] = [
  {
    title: '云南怒江希望小学主体工程顺利完工',
    column: '3',
    summary: '经过八个月的建设，怒江州福贡县希望小学教学楼主体工程完工，预计下学期投入使用。',
    body: '新教学楼共三层，设有12间教室、1间图书室和1间多媒体教室，可容纳学生480人。',
    author: '项目部',
    source: '希望工程基金会',
  },
  {
    title: '2025年春蕾助学计划启动',
    column: '1',
    summary: '今年计划资助贫困女童2000名，覆盖西部8个省份。',
    body: '春蕾助学计划自启动以来累计资助女童超过万名，今年将重点关注高中阶段学生。',
    author: '宣传部',
    source: '希望工程基金会',
  },
  {
    title: '关于捐赠票据开具流程的通知',
    column: '2',
    summary: '捐赠人可在捐赠完成后申请开具公益事业捐赠票据。',
    body: '个人抬头无需税号；单位抬头请提供统一社会信用代码。票据开具后将以电子邮件或邮寄方式送达。',
    author: '财务部',
    source: '希望工程基金会',
  },
  {
    title: '一封来自大山深处的感谢信',
    column: '4',
    summary: '受助学生小芳用稚嫩的笔迹写下对捐赠人的感谢。',
    body: '“叔叔阿姨，谢谢你们让我有了新书包，我会好好学习，长大后也去帮助别人。”',
    author: '资助部',
    source: '受助学生来信',
  },
  {
    title: '乡村图书角项目新增50所学校',
    column: '3',
    summary: '本季度乡村图书角项目为50所乡村学校配送图书两万余册。',
    body: '每个图书角配备书架两组、图书400册，并为教师提供阅读指导培训。',
    author: '项目部',
    source: '希望工程基金会',
  },
  {
    title: '《慈善法》修订要点解读',
    column: '5',
    summary: '新修订的慈善法对公开募捐、信息公开等方面作出了新规定。',
    body: '修订后的法律进一步明确了慈善组织的信息公开义务和网络募捐平台的责任。',
    author: '办公室',
    source: '民政部网站',
  },
  {
    title: '冬日暖衣行动圆满结束',
    column: '1',
    summary: '活动共募集冬衣一万二千件，惠及甘肃、青海等地学生。',
    body: '感谢每一位参与的爱心人士和志愿者，冬衣已全部发放到孩子们手中。',
    author: '宣传部',
    source: '希望工程基金会',
  },
  {
    title: '从受助者到志愿者：小李的十年',
    column: '4',
    summary: '曾受希望工程资助的小李大学毕业后回到家乡支教。',
    body: '“是希望工程让我走出大山，现在我想让更多孩子看到山外的世界。”',
    author: '资助部',
    source: '志愿者访谈',
  },
  {
    title: '关于春节期间捐赠服务安排的公告',
    column: '2',
    summary: '春节期间线上捐赠正常开放，票据开具顺延至节后办理。',
    body: '节日期间如有问题，请通过小程序留言与我们联系。',
    author: '办公室',
    source: '希望工程基金会',
  },
  {
    title: '山区儿童营养午餐项目中期报告',
    column: '3',
    summary: '项目已为3个县的26所学校提供营养午餐，受益学生四千余人。',
    body: '学生平均身高、体重较项目开始前均有明显提高，出勤率提升至98%。',
    author: '项目部',
    source: '希望工程基金会',
  },
  {
    title: '个人捐赠税前扣除政策问答',
    column: '5',
    summary: '个人通过公益性社会组织捐赠，可按规定在计算应纳税所得额时扣除。',
    body: '捐赠额未超过纳税人申报的应纳税所得额30%的部分，可以从应纳税所得额中扣除。',
    author: '财务部',
    source: '国家税务总局',
  },
  {
    title: '甘肃地震紧急救助物资发放纪实（草稿）',
    column: '1',
    summary: '救助物资已送达受灾学校。',
    body: '待补充现场照片与受益学校名单。',
    author: '宣传部',
    source: '希望工程基金会',
  },
];

export async function seedArticles(w: DemoWriter, rnd: ReturnType<typeof random>): Promise<string[]> {
  const published: string[] = [];
  for (const [i, a] of ARTICLES.entries()) {
    const written = between(rnd.next, monthsAgo(17), monthsAgo(1));
    const row = await w.add(
      'info/article',
      {
        title: a.title,
        column_type: a.column,
        summary: a.summary,
        content: `<p>${a.summary}</p><p>${a.body}</p>`,
        author: a.author,
        source: a.source,
        status: '1',
        top: i < 2 ? '1' : '0',
        cover: writeDemoImage(w.dataDir, 'article', 320, 180, PALETTE[Number(a.column) % PALETTE.length]),
      },
      written,
    );
    if (a.title.includes('草稿') || i === 5) continue; // drafts: nobody has read them yet
    const publishedAt = new Date(written.getTime() + rnd.int(1, 72) * 3600_000);
    await w.edit('info/article', row.id, { status: '2', publish_time: at(publishedAt), view_count: rnd.int(80, 5000) }, publishedAt);
    if (i === 8) await w.edit('info/article', row.id, { status: '3' }, between(rnd.next, publishedAt, new Date()));
    else published.push(row.id);
  }
  return published;
}
