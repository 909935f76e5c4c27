import type { DictOption } from '../../core/api-types.ts';
import { KEYS, local, SEVEN_DAYS_MS } from '../../runtime/storage.ts';

const option = (value: string, text: string, color?: string): DictOption => ({ value, text, label: text, title: text, ...(color ? { color } : {}) });

/** The dictionaries stories use, written to the client cache as a login would. */
export const STORY_DICTIONARIES: Record<string, DictOption[]> = {
  sex: [option('1', '男'), option('2', '女')],
  yn: [option('1', '是'), option('0', '否')],
  pay_method: [option('1', '微信支付'), option('2', '支付宝'), option('3', '银行转账'), option('4', '现金'), option('5', '其他')],
  pay_status: [option('1', '待支付', 'orange'), option('2', '已支付', 'green'), option('3', '已退款', 'default')],
};

export function seedStoryDictionaries() {
  local.set(KEYS.DICT_CACHE, STORY_DICTIONARIES, SEVEN_DAYS_MS);
}
