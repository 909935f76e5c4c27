import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formItem } from '../../test-kit/render.tsx';
import { fakeServer, type SentRequest } from '../../test-kit/server.ts';
import { itemOf } from '../story-kit/stories.tsx';
import { widgetOf } from '../registry.ts';
import { renderWidget } from '../test-kit.tsx';

/* The stories' table dictionary of projects (hope_project: name by id), searched by keyword and named by key. */
const PROJECTS = [
  { value: 'p1', text: '希望小学援建' },
  { value: 'p2', text: '圆梦助学' },
  { value: 'p3', text: '希望厨房' },
];
const TABLE = { dictTable: 'hope_project', dictText: 'name', dictCode: 'id' };
const SEARCH = (dict: string) => `GET /sys/dict/loadDict/${dict}`;
const NAMES = (dict: string) => `GET /sys/dict/loadDictItem/${dict}`;

const dictionary = (dict: string, rows: { value: string; text: string }[]) => ({
  [SEARCH(dict)]: ({ params }: SentRequest) => rows.filter((r) => r.text.includes(params.keyword ?? '')).map((r) => ({ ...r, label: r.text, title: r.text })),
  [NAMES(dict)]: ({ params }: SentRequest) => params.key.split(',').map((k) => rows.find((r) => r.value === k)?.text ?? k),
});
const PROJECT_DICT = 'hope_project,name,id';

async function renderProjects(value?: string) {
  const server = fakeServer(dictionary(PROJECT_DICT, PROJECTS));
  const view = await renderWidget('selectSearch', { value, options: TABLE });
  return { ...view, server, select: () => within(view.field()).getByRole('combobox') };
}

describe('搜索下拉框 (selectSearch)', () => {
  it('shows a stored id as its name, asked of the table dictionary by key', async () => {
    const { field, server } = await renderProjects('p2');
    expect(await within(field()).findByText('圆梦助学')).toBeInTheDocument();
    expect(server.sentTo(NAMES(PROJECT_DICT)).map((r) => r.params)).toEqual([{ key: 'p2' }]);
  });

  it('searches with the keyword once the user stops typing; the option chosen is the value', async () => {
    const { user, select, value, server } = await renderProjects();
    await user.type(select(), '希望');
    expect(await screen.findByTitle('希望厨房')).toBeInTheDocument();
    expect(screen.queryByTitle('圆梦助学')).not.toBeInTheDocument();
    // One pause, one request: neither the empty search on focus nor the half-typed keyword was sent.
    expect(server.sentTo(SEARCH(PROJECT_DICT)).map((r) => r.params)).toEqual([{ keyword: '希望' }]);

    await user.click(screen.getByTitle('希望小学援建'));
    expect(value()).toBe('p1');
  });

  it('opened without a keyword, it offers the first options the server gives', async () => {
    const { user, select, server } = await renderProjects();
    await user.click(select());
    expect(await screen.findByTitle('圆梦助学')).toBeInTheDocument();
    expect(server.sentTo(SEARCH(PROJECT_DICT)).map((r) => r.params)).toEqual([{}]);
  });

  it("editing a stored choice, opening it offers the server's options, the chosen name still shown", async () => {
    const { user, select, field, server } = await renderProjects('p2');
    expect(await within(field()).findByText('圆梦助学')).toBeInTheDocument();
    await user.click(select());
    expect(await screen.findByTitle('希望厨房')).toBeInTheDocument();
    expect(server.sentTo(SEARCH(PROJECT_DICT)).map((r) => r.params)).toEqual([{}]);
    await user.type(select(), '厨房');
    await waitFor(() => expect(screen.queryByTitle('希望小学援建')).not.toBeInTheDocument());
    expect(within(field()).getAllByText('圆梦助学').length).toBeGreaterThan(0);
  });

  it('without its table, text and code it says so, is disabled and asks the server nothing', async () => {
    const server = fakeServer({});
    const { field } = await renderWidget('selectSearch');
    expect(await screen.findByText('表字典搜索组件参数接收有误,请检查字典配置!', { selector: '.ant-message *' })).toBeInTheDocument();
    expect(within(field()).getByRole('combobox')).toBeDisabled();
    expect(server.requests).toEqual([]);
  });

  it('a required choice left empty says so', async () => {
    fakeServer(dictionary(PROJECT_DICT, PROJECTS));
    const { form, field } = await renderWidget('selectSearch', { options: TABLE, item: { rules: [{ required: true, message: '请选择项目' }] } });
    await expect(form.validate()).rejects.toBeTruthy();
    expect(await within(field()).findByText('请选择项目')).toBeInTheDocument();
  });

  describe('following another field (dictByField)', () => {
    /* The carousel's jump target: an article or an activity found by its title, or a link typed in. */
    const ARTICLE = 'info_article,title,id';
    const ACTIVITY = 'donation_activity,activity_name,id';
    const BY_TYPE = { field: 'linkType', dicts: { '1': ARTICLE, '2': ACTIVITY }, textPlaceholder: '以 http(s):// 开头的链接' };
    const linkType = itemOf(
      'select',
      { key: 'select_link_type', label: '跳转类型', model: 'linkType' },
      {
        options: [
          { value: '1', label: '文章' },
          { value: '2', label: '活动' },
          { value: '3', label: '外部链接' },
        ],
      },
    );
    const linkTarget = itemOf('selectSearch', { key: 'select_search_link_target', label: '跳转目标', model: 'linkTarget' }, { dictByField: BY_TYPE });
    const carousel = (values: Record<string, unknown>) =>
      renderWidget('grid', {
        item: {
          columns: [
            { span: 12, list: [linkType] },
            { span: 12, list: [linkTarget] },
          ],
        },
        values,
      });
    const chooseType = async (user: Awaited<ReturnType<typeof carousel>>['user'], label: string) => {
      await user.click(within(formItem('跳转类型')).getByRole('combobox'));
      await user.click(await screen.findByTitle(label));
    };

    it("names a loaded record's target in its type's dictionary; another type empties it and searches that type's", async () => {
      const server = fakeServer({
        ...dictionary(ARTICLE, [{ value: 'a1', text: '希望工程三十年' }]),
        ...dictionary(ACTIVITY, [{ value: 'd1', text: '九九公益日' }]),
      });
      const { user, form } = await carousel({ linkType: '1', linkTarget: 'a1' });
      expect(await within(formItem('跳转目标')).findByText('希望工程三十年')).toBeInTheDocument();
      expect(server.sentTo(NAMES(ARTICLE)).map((r) => r.params)).toEqual([{ key: 'a1' }]);

      await chooseType(user, '活动');
      await waitFor(() => expect(form.values.linkTarget).toBe(''));
      await user.click(within(formItem('跳转目标')).getByRole('combobox'));
      await user.click(await screen.findByTitle('九九公益日'));
      expect(form.values).toEqual({ linkType: '2', linkTarget: 'd1' });
      expect(server.sentTo(SEARCH(ARTICLE))).toEqual([]);
    });

    it('a type without a dictionary takes the link typed in', async () => {
      const server = fakeServer({});
      const { user, form } = await carousel({ linkType: '3' });
      const box = within(formItem('跳转目标')).getByPlaceholderText('以 http(s):// 开头的链接');
      await user.type(box, 'https://hope.org');
      expect(form.values).toEqual({ linkType: '3', linkTarget: 'https://hope.org' });
      expect(server.requests).toEqual([]);
    });

    it("reads in a detail as the name in the record's type's dictionary, a link as it is", async () => {
      const server = fakeServer({ [`GET /sys/dict/getDictItems/${ACTIVITY}`]: () => [{ value: 'd1', text: '九九公益日' }] });
      const { lookup } = widgetOf('selectSearch')!.readable!;
      expect(await lookup!(linkTarget, { linkType: '2' })!(['d1'])).toBe('九九公益日');
      expect(server.sentTo(`GET /sys/dict/getDictItems/${ACTIVITY}`)).toHaveLength(1);
      expect(lookup!(linkTarget, { linkType: '3' })).toBeUndefined();
    });
  });
});
