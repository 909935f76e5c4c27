import { describe, expect, it, vi } from 'vitest';
import {
  LINK_CONFIG_MESSAGE,
  levelFields,
  levelParams,
  linkConfigError,
  type LinkOption,
  type LinkSource,
  loadChain,
} from '../../../src/widgets/link-down/api.ts';

const source: LinkSource = { table: 'test_region', txt: 'name', linkKey: 'code', idField: 'id', pidField: 'pid', condition: '{"code":{"$eq":"33"}}' };

describe('linked dropdown', () => {
  it('level 1 sends table, txt, key, idField, pidField and condition; later levels pidValue instead of condition', () => {
    expect(levelParams(source)).toEqual({ table: 'test_region', txt: 'name', key: 'code', idField: 'id', pidField: 'pid', condition: '{"code":{"$eq":"33"}}' });
    expect(levelParams(source, 'p33')).toEqual({ table: 'test_region', txt: 'name', key: 'code', idField: 'id', pidField: 'pid', pidValue: 'p33' });
    expect(levelParams({ ...source, idField: '', condition: '' })).not.toHaveProperty('condition');
    expect(levelParams({ ...source, idField: '' }).idField).toBe('id');
  });

  it('the levels are the own field then the linked fields', () => {
    expect(levelFields('province', 'city, district,')).toEqual(['province', 'city', 'district']);
    expect(levelFields('province')).toEqual(['province']);
  });

  it('a missing table, text, key or parent field is a configuration error', () => {
    expect(linkConfigError(source)).toBeUndefined();
    expect(linkConfigError({ ...source, pidField: '' })).toBe(LINK_CONFIG_MESSAGE);
    expect(linkConfigError({ ...source, table: undefined })).toBe(LINK_CONFIG_MESSAGE);
  });

  it('on form-data-loaded each level loads in turn, asked with the id of the option stored one level up', async () => {
    const tree: Record<string, LinkOption[]> = {
      '': [{ id: 'p33', store: '33', label: '浙江省' }],
      p33: [{ id: 'c3301', store: '3301', label: '杭州市' }],
      c3301: [{ id: 'd1', store: '330106', label: '西湖区' }],
    };
    const load = vi.fn(async (_s: LinkSource, pid?: string) => tree[pid ?? ''] ?? []);
    const levels = await loadChain(source, ['33', '3301', '330106'], load);
    expect(levels.map((l) => l.map((o) => o.label))).toEqual([['浙江省'], ['杭州市'], ['西湖区']]);
    expect(load.mock.calls.map((c) => c[1])).toEqual([undefined, 'p33', 'c3301']);
  });

  it('the chain stops at the first empty or unknown value', async () => {
    const load = vi.fn(async (_s: LinkSource, pid?: string) => (pid ? [] : [{ id: 'p33', store: '33', label: '浙江省' }]));
    expect(await loadChain(source, ['', '3301'], load)).toHaveLength(1);
    expect(await loadChain(source, ['99', '3301'], load)).toHaveLength(1);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
