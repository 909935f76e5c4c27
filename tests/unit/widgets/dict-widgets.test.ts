import { describe, expect, it } from 'vitest';
import { childrenOf, loadAreas, pathOf, ROOT_CODE, toAreas } from '../../../src/widgets/pca/areas.ts';
import { tableDictCode } from '../../../src/runtime/dict/api.ts';
import { SEARCH_CONFIG_MESSAGE, SEARCH_DEBOUNCE_MS } from '../../../src/widgets/select-search/api.ts';
import { CONDITION_MESSAGE, conditionError } from '../../../src/widgets/tree-select/api.ts';

describe('selectSearch', () => {
  it('needs table, text and code, with the spec warning otherwise, and waits 800 ms', () => {
    expect(tableDictCode('hope_project', 'name', 'id')).toBe('hope_project,name,id');
    expect(tableDictCode('hope_project', '', 'id')).toBeUndefined();
    expect(tableDictCode(undefined, 'name', 'id')).toBeUndefined();
    expect(SEARCH_CONFIG_MESSAGE).toBe('表字典搜索组件参数接收有误,请检查字典配置!');
    expect(SEARCH_DEBOUNCE_MS).toBe(800);
  });
});

describe('treeSelect condition', () => {
  it('accepts nothing or the JSON text of an object', () => {
    expect(conditionError(undefined)).toBeUndefined();
    expect(conditionError('')).toBeUndefined();
    expect(conditionError('{"status":"1"}')).toBeUndefined();
  });

  it('refuses anything else with the spec message', () => {
    for (const bad of ['[1,2]', 'status=1', '"x"', 'null', '3']) expect(conditionError(bad), bad).toBe(CONDITION_MESSAGE);
    expect(CONDITION_MESSAGE).toBe('组件JTreeSelect-condition传值有误，需要一个json字符串!');
  });
});

describe('pca', () => {
  it('widens codes to six digits and finds the path of an area code', () => {
    const areas = toAreas([{ code: '11', name: '北京市', children: [{ code: '1101', name: '市辖区', children: [{ code: '110105', name: '朝阳区' }] }] }]);
    expect(areas[0]).toMatchObject({ value: '110000', label: '北京市' });
    expect(pathOf(areas, '110105')).toEqual(['110000', '110100', '110105']);
    expect(pathOf(areas, '999999')).toEqual([]);
    expect(childrenOf(areas, ROOT_CODE)).toBe(areas);
    expect(childrenOf(areas, '110100').map((a) => a.label)).toEqual(['朝阳区']);
  });

  it('holds the whole country under root 86', async () => {
    const areas = await loadAreas();
    expect(areas.length).toBeGreaterThanOrEqual(31);
    expect(pathOf(areas, '440305')).toEqual(['440000', '440300', '440305']);
  });
});
