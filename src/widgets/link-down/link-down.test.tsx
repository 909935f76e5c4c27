import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test-kit/server.ts';
import { renderWidget } from '../test-kit.tsx';
import { regionLevel } from './story-data.ts';

/* The linked dropdown over the stories' region tree, which the server answers level by level: province → city. */
const LEVELS = 'GET /online/cgform/api/querySelectOptions';
const REGION = { linkTable: 'region', linkTxt: 'name', linkKey: 'code', linkIdField: 'id', linkPidField: 'pid', linkFields: 'city' };

async function renderRegion(values: { province?: string; city?: string } = {}) {
  const server = fakeServer({ [LEVELS]: ({ params }) => regionLevel(params.pidValue) });
  const view = await renderWidget('linkDown', {
    value: values.province,
    values: { city: values.city },
    item: { label: '地区', model: 'province' },
    options: REGION,
  });
  return { ...view, server, levels: () => screen.getAllByRole('combobox') };
}

describe('联动下拉框 (linkDown)', () => {
  it("shows a loaded record's names, each level asked for with the id of the one above", async () => {
    const { server } = await renderRegion({ province: '33', city: '3301' });
    expect(await screen.findByText('杭州市')).toBeInTheDocument();
    expect(screen.getByText('浙江省')).toBeInTheDocument();
    expect(server.sentTo(LEVELS).map((r) => r.params.pidValue)).toEqual([undefined, 'p33']);
  });

  it('choosing a province offers its cities; a city sets the linked field; another province empties it', async () => {
    const { user, form, levels } = await renderRegion();
    await user.click(levels()[0]);
    await user.click(await screen.findByTitle('浙江省'));
    await user.click(levels()[1]);
    expect(await screen.findByTitle('宁波市')).toBeInTheDocument();
    await user.click(screen.getByTitle('杭州市'));
    expect(form.values).toEqual({ province: '33', city: '3301' });

    await user.click(levels()[0]);
    await user.click(await screen.findByTitle('云南省'));
    expect(form.values).toEqual({ province: '53', city: '' });
  });

  it('without its table, text, key and parent field it says so and asks the server nothing', async () => {
    const server = fakeServer({});
    await renderWidget('linkDown');
    expect(await screen.findByText('联动下拉框参数未正确配置!')).toBeInTheDocument();
    expect(server.requests).toEqual([]);
  });
});
