import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { position } from '../../../test-kit/documents.ts';
import { renderUi } from '../../../test-kit/render.tsx';
import { dictionaryRoutes, fakeServer } from '../../../test-kit/server.ts';
import type { DataRecord } from '../../schema/api.ts';
import { DetailView } from './DetailView.tsx';

/* 职务详情: one 职务管理 record, loaded by id, read as label and value pairs. */
const RECORD: DataRecord = { id: '7', code: 'manager', name: '经理', postRank: '3', createTime: '2024-03-01 09:30:00' };

/** The detail's label → value pairs, once nothing is left loading. */
async function shownPairs(): Promise<Record<string, string>> {
  const detail = await screen.findByTestId('detail-view');
  await waitFor(() => expect(detail.querySelector('.detail-loading')).toBeNull());
  const labels = [...detail.querySelectorAll('.ant-descriptions-item-label')];
  return Object.fromEntries(labels.map((label) => [label.textContent, label.nextElementSibling?.textContent ?? '']));
}

function renderDetail(record: DataRecord) {
  const server = fakeServer({ ...dictionaryRoutes(position), 'GET /system/position/queryById': () => record });
  return { server, ...renderUi(<DetailView doc={position} recordId="7" onClose={() => {}} />) };
}

describe('detail', () => {
  it('loads the record by id and shows each field with its label, a coded value as its dictionary text, then who made it and when', async () => {
    const { server } = renderDetail(RECORD);
    expect(await screen.findByText('职务详情')).toBeInTheDocument();
    expect(await shownPairs()).toEqual({ 职务编码: 'manager', 职务名称: '经理', 职级: '中级', 创建时间: '2024-03-01 09:30:00' });
    expect(server.sentTo('GET /system/position/queryById').map((r) => r.params)).toEqual([{ id: '7' }]);
    expect(screen.getByText('基本信息')).toBeInTheDocument();
    expect(screen.getByText('记录信息')).toBeInTheDocument();
  });

  it.each([
    ["the server's text when it sends one", { postRank: '3', postRank_dictText: '中级职称' }, '中级职称'],
    ['a value the dictionary does not know, as stored', { postRank: '9' }, '9'],
    ['an empty value as -, not as still loading', { postRank: '' }, '-'],
  ])('职级 reads %s', async (_case, values, shown) => {
    renderDetail({ ...RECORD, ...values });
    expect((await shownPairs())['职级']).toBe(shown);
  });
});
