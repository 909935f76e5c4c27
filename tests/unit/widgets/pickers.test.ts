import '../widget-kit.ts';
import { describe, expect, it } from 'vitest';
import { compileForm } from '../../../src/runtime/renderers/form/compile.ts';
import type { WidgetItem } from '../../../src/core/schema/types.generated.ts';
import { antButtonType, buttonHandler, registerButtonHandler, unknownHandlerMessage } from '../../../src/widgets/button/handlers.ts';
import { mergeNodes } from '../../../src/widgets/category-tree/api.ts';
import { DEPART_SEARCH_PLACEHOLDER, departText, namesById } from '../../../src/widgets/dept/api.ts';
import { joinList, splitList } from '../../../src/runtime/helpers/list-value.ts';
import { MAX_PICKED, nextChecked, TOO_MANY_MESSAGE } from '../../../src/widgets/dept/selection.ts';
import { widgetOf } from '../../../src/widgets/registry.ts';
import { RESET_QUERY, requestOf, sexText, USER_MODAL_TITLE, USER_MODAL_WIDTH } from '../../../src/widgets/user/api.ts';

type Node = { properties?: Record<string, Node>; [k: string]: unknown };
const compiled = (item: Omit<WidgetItem, 'key'> & { key?: string }) => compileForm({ list: [{ key: 'k', ...item } as WidgetItem], config: {} }) as Node;

describe('picker selection (department picker and user modal)', () => {
  it('values travel as comma lists', () => {
    expect(splitList('a, b,,c')).toEqual(['a', 'b', 'c']);
    expect(splitList(undefined)).toEqual([]);
    expect(splitList('')).toEqual([]);
    expect(joinList(['a', 'b'])).toBe('a,b');
  });

  it('single mode keeps only the newest check', () => {
    expect(nextChecked([], ['a'], false)).toEqual({ keys: ['a'], refused: false });
    // The tree reports both the old and the new check: only the new one stays.
    expect(nextChecked(['a'], ['a', 'b'], false)).toEqual({ keys: ['b'], refused: false });
    expect(nextChecked(['b'], [], false)).toEqual({ keys: [], refused: false });
  });

  it('multi mode keeps every check independently (a parent and its child alike), up to 99', () => {
    expect(nextChecked(['root'], ['root', 'child'], true)).toEqual({ keys: ['root', 'child'], refused: false });
    expect(nextChecked(['root', 'child'], ['child'], true)).toEqual({ keys: ['child'], refused: false });
    const ninetyNine = Array.from({ length: 99 }, (_, i) => `d${i}`);
    expect(nextChecked([], ninetyNine, true).keys).toHaveLength(99);
    expect(nextChecked(ninetyNine, [...ninetyNine, 'one-more'], true)).toEqual({ keys: ninetyNine, refused: true });
    expect(MAX_PICKED).toBe(99);
    expect(TOO_MANY_MESSAGE).toBe('最多只能选择99项');
  });
});

describe('department picker', () => {
  const tree = [
    {
      id: 'd0',
      key: 'd0',
      title: '基金会',
      orgCode: 'A01',
      isLeaf: false,
      children: [{ id: 'd1', key: 'd1', title: '财务部', orgCode: 'A01A01', isLeaf: true }],
    },
  ];

  it('shows the names of its ids, an unknown id as itself', () => {
    const names = namesById(tree);
    expect(departText(['d1', 'd0'], names)).toBe('财务部,基金会');
    expect(departText(['gone'], names)).toBe('gone');
  });

  it('compiles to DeptField with its options; the search box says to press enter', () => {
    const schema = compiled({ type: 'dept', model: 'dep', options: { multiple: true, placeholder: '选' } }).properties!.dep;
    expect(schema['x-component']).toBe('DeptField');
    expect(schema['x-component-props']).toEqual({ multiple: true, placeholder: '选' });
    expect(DEPART_SEARCH_PLACEHOLDER).toBe('请输入部门名称按回车进行搜索');
  });

  it('honours disabled and read-only from the designer options', () => {
    const schema = compiled({ type: 'dept', model: 'dep', options: { disabled: true, readonly: true } }).properties!.dep;
    expect(schema['x-disabled']).toBe(true);
    expect(schema['x-read-only']).toBe(true);
  });
});

describe('user-by-department modal', () => {
  it('is 1250 wide, titled 选择用户', () => {
    expect(USER_MODAL_WIDTH).toBe(1250);
    expect(USER_MODAL_TITLE).toBe('选择用户');
  });

  it('asks the general user list (paged, account as a contains search) until a department is chosen', () => {
    expect(requestOf({ ...RESET_QUERY, account: ' zhang ' })).toEqual({
      path: '/sys/user/queryUserComponentData',
      params: { pageNo: 1, pageSize: 10, column: 'username', order: 'asc', username: '*zhang*' },
    });
    expect(requestOf(RESET_QUERY).params).not.toHaveProperty('username');
  });

  it('switches to the users of the chosen department', () => {
    expect(requestOf({ ...RESET_QUERY, departId: 'd4' })).toEqual({ path: '/sys/user/queryUserByDepId', params: { id: 'd4' } });
    expect(requestOf({ ...RESET_QUERY, departId: 'd4', account: 'wang' }).params).toEqual({ id: 'd4', username: 'wang' });
  });

  it('reset forgets account, department and page', () => {
    expect(RESET_QUERY).toEqual({ account: '', departId: undefined, pageNo: 1, pageSize: 10 });
  });

  it('sex 1 is 男, 2 is 女', () => {
    expect([1, 2, '1', '2', null, 3].map(sexText)).toEqual(['男', '女', '男', '女', '', '']);
  });

  it('compiles to UserField; a ${username} default resolves to the signed-in user', () => {
    const form = compileForm(
      { list: [{ type: 'user', key: 'u', model: 'handler', options: { defaultValue: '${username}', multiple: false } }], config: {} },
      { placeholders: { username: 'zhangwei' } },
    ) as Node;
    expect(form.properties!.handler).toMatchObject({ 'x-component': 'UserField', default: 'zhangwei' });
  });
});

describe('category tree', () => {
  it('compiles to CategoryTreeField with pcode', () => {
    expect(compiled({ type: 'categoryTree', model: 'cat', options: { pcode: 'B01' } }).properties!.cat).toMatchObject({
      'x-component': 'CategoryTreeField',
      'x-component-props': { pcode: 'B01' },
    });
  });

  it('a loaded level adds only nodes not there yet', () => {
    const a = { id: 'a', value: 'a', title: 'A', isLeaf: false };
    const b = { id: 'b', pId: 'a', value: 'b', title: 'B', isLeaf: true };
    expect(mergeNodes([a], [a, b])).toEqual([a, b]);
  });
});

describe('html and button', () => {
  it('html holds no data: no model, no rules, its HTML goes to HtmlBlock', () => {
    expect(widgetOf('html')!.data).toBe(false);
    const form = compiled({ type: 'html', options: { defaultValue: '<b>x</b>' } });
    expect(form.properties!.k).toEqual({ type: 'void', 'x-component': 'HtmlBlock', 'x-component-props': { html: '<b>x</b>' }, 'x-hidden': undefined });
  });

  it('button maps the designer types to antd (danger is a red primary) and holds no data', () => {
    expect(widgetOf('button')!.data).toBe(false);
    expect(antButtonType('danger')).toEqual({ type: 'primary', danger: true });
    expect(antButtonType('dashed')).toEqual({ type: 'dashed', danger: false });
    expect(antButtonType(undefined)).toEqual({ type: 'default', danger: false });
    expect(compiled({ type: 'button', label: '提交', options: { type: 'primary', handle: 'reset', disabled: true } }).properties!.k).toMatchObject({
      'x-component': 'FormButton',
      'x-component-props': { text: '提交', buttonType: 'primary', handle: 'reset' },
      'x-disabled': true,
    });
  });

  it('a dynamic handle runs only a function registered in code, by name', () => {
    expect(buttonHandler('print')).toBeUndefined();
    expect(unknownHandlerMessage('print')).toBe('未找到按钮处理函数: print');
    const handler = () => undefined;
    const unregister = registerButtonHandler('print', handler);
    expect(buttonHandler('print')).toBe(handler);
    unregister();
    expect(buttonHandler('print')).toBeUndefined();
  });
});
