import { describe, expect, it } from 'vitest';
import { applyOption, descriptorsFor, hasModel, hasRules, OPTION_DESCRIPTORS } from '../../../src/designer/properties/descriptors.ts';
import type { WidgetItem } from '../../../src/core/schema/types.generated.ts';
import { widgetRegistry } from '../../../src/widgets/registry.ts';

/* The item property panel is data: every option of every registered widget's scaffold has an editor. */
const find = (key: string, type: string) => descriptorsFor({ type, key: 'k' } as WidgetItem).find((d) => d.key === key)!;

/** Options edited elsewhere (the options-source editor) or fixed by the widget type. */
const NOT_IN_PANEL: Record<string, string[]> = {
  input: ['type'],
  integer: ['precision', 'integer'],
  select: ['dynamic', 'dynamicKey', 'options'],
  radio: ['dynamic', 'dynamicKey', 'options'],
  checkbox: ['dynamic', 'dynamicKey', 'options'],
  datetime: ['showTime'],
};

describe('option descriptors', () => {
  const items = [...widgetRegistry.values()].map((w) => ({ ...w.scaffold(), key: 'k' }) as WidgetItem);

  it.each(items.map((i) => [i.type, i]))('%s: every scaffold option has an editor', (type, item) => {
    // Range-only options show once range is on; custom date limits once disabledDate is custom.
    const on = { ...item, options: { ...item.options, range: true, disabledDate: 'custom', downloadWay: 'dynamic' } } as WidgetItem;
    const edited = new Set(descriptorsFor(on).map((d) => d.key));
    const missing = Object.keys(item.options ?? {}).filter((k) => !edited.has(k as never) && !NOT_IN_PANEL[type]?.includes(k));
    expect(missing).toEqual([]);
  });

  it('every setting a registration names has a descriptor, and no option has two editors', () => {
    for (const w of widgetRegistry.values()) {
      const settings = w.settings ?? [];
      expect(
        settings.filter((id) => !OPTION_DESCRIPTORS.has(id)),
        `${w.type}: settings without a descriptor in descriptors.ts`,
      ).toEqual([]);
      const keys = settings.map((id) => OPTION_DESCRIPTORS.get(id)?.key);
      expect(
        keys.filter((k, i) => keys.indexOf(k) !== i),
        `${w.type}: an option named twice in settings`,
      ).toEqual([]);
    }
  });

  it('edited values keep the limits of spec section 5', () => {
    expect(applyOption({}, find('precision', 'number'), 51)).toEqual({ precision: null });
    expect(applyOption({}, find('precision', 'number'), 2)).toEqual({ precision: 2 });
    expect(applyOption({ precision: 2 }, find('integer', 'number'), true)).toEqual({ integer: true, precision: 0 });
    expect(applyOption({}, find('scrollY', 'batch'), -20)).toEqual({ scrollY: 0 });
    expect(applyOption({ min: 1 }, find('min', 'number'), null)).toEqual({ min: null });
    expect(applyOption({}, find('placeholder', 'input'), '请输入姓名')).toEqual({ placeholder: '请输入姓名' });
  });

  it('precision is hidden while integer-only is on', () => {
    const number = { type: 'number', key: 'n', options: { integer: true } } as WidgetItem;
    expect(descriptorsFor(number).map((d) => d.key)).not.toContain('precision');
  });

  it('layout widgets have no model and no rules; data widgets have both (batch and hidden no rules)', () => {
    for (const t of ['grid', 'card', 'table', 'divider', 'alert', 'text']) {
      expect(hasModel(t)).toBe(false);
      expect(hasRules(t)).toBe(false);
    }
    expect(hasModel('input') && hasRules('input')).toBe(true);
    expect(hasModel('batch') && !hasRules('batch') && !hasRules('hidden')).toBe(true);
  });
});
