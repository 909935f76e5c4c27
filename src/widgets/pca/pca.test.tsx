import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { itemOf } from '../story-kit/stories.tsx';
import { widgetOf } from '../registry.ts';
import { renderWidget } from '../test-kit.tsx';

/* Regions come from the bundled GB/T 2260 table (no server); the value is the deepest chosen code, widened to six digits. */

// The first use loads the ~140 KB area table as its own chunk: on a busy machine, more than findBy's 5 s wait.
const AREAS = { timeout: 15_000 };
const inDropdown = (kind: string, title: string) =>
  waitFor(() => {
    const element = document.querySelector<HTMLElement>(`.${kind}[title="${title}"]`);
    expect(element).not.toBeNull();
    return element!;
  }, AREAS);
const menuItem = (title: string) => inDropdown('ant-cascader-menu-item', title);
const option = (title: string) => inDropdown('ant-select-item-option', title);
const chosen = { selector: '.ant-select-selection-item' };

describe('省市区 (pca)', () => {
  it('shows a stored county code as its province, city and county', async () => {
    const { field } = await renderWidget('pca', { value: '110105' });
    expect(await within(field()).findByText('北京市 / 市辖区 / 朝阳区', chosen, AREAS)).toBeInTheDocument();
  });

  it('choosing down the cascader stores the code of the deepest region chosen', async () => {
    const { user, field, value } = await renderWidget('pca');
    await user.click(within(field()).getByRole('combobox'));
    await user.click(await menuItem('浙江省'));
    expect(value()).toBe('330000');
    await user.click(await menuItem('杭州市'));
    await user.click(await menuItem('西湖区'));
    await waitFor(() => expect(value()).toBe('330106'));
    expect(within(field()).getByText('浙江省 / 杭州市 / 西湖区', chosen)).toBeInTheDocument();
  });

  describe('as three linked selects', () => {
    const levels = () => screen.getAllByRole('combobox');

    it('shows each level of a stored code in its own select', async () => {
      const { field } = await renderWidget('pca', { value: '440305', options: { areaType: 'select' } });
      expect(await within(field()).findByTitle('广东省', {}, AREAS)).toBeInTheDocument();
      expect(within(field()).getByTitle('深圳市')).toBeInTheDocument();
      expect(within(field()).getByTitle('南山区')).toBeInTheDocument();
    });

    it('choosing a level stores its code and empties the levels below; clearing one falls back to the level above', async () => {
      const { user, field, value } = await renderWidget('pca', { value: '440305', options: { areaType: 'select' } });
      await within(field()).findByTitle('南山区', {}, AREAS);
      await user.click(levels()[0]);
      await user.click(await option('河北省'));
      expect(value()).toBe('130000');
      expect(within(field()).queryByTitle('深圳市')).not.toBeInTheDocument();
      expect(levels()).toHaveLength(2);

      await user.click(levels()[1]);
      await user.click(await option('石家庄市'));
      await user.click(levels()[2]);
      await user.click(await option('长安区'));
      expect(value()).toBe('130102');

      const county = within(field()).getByTitle('长安区').closest<HTMLElement>('.ant-select')!;
      await user.click(county.querySelector('.ant-select-clear')!);
      expect(value()).toBe('130100');
    });
  });

  it('an unknown area type says so', async () => {
    const { field } = await renderWidget('pca', { options: { areaType: 'map' as never } });
    expect(within(field()).getByRole('alert')).toHaveTextContent('Bad type value');
  });

  it('a required region left empty says so', async () => {
    const { form, field } = await renderWidget('pca', { item: { rules: [{ required: true, message: '省市区必填' }] } });
    await expect(form.validate()).rejects.toBeTruthy();
    expect(await within(field()).findByText('省市区必填')).toBeInTheDocument();
  });

  it("reads in a detail as the regions' names, each code on its own", async () => {
    const lookup = widgetOf('pca')!.readable!.lookup!(itemOf('pca'), {})!;
    expect(await lookup(['110105', '330100'])).toBe('北京市/市辖区/朝阳区、浙江省/杭州市');
    expect(await lookup(['999999'])).toBe('999999');
  });
});
