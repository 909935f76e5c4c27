import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { position } from '../../../test-kit/documents.ts';
import { renderUi } from '../../../test-kit/render.tsx';
import { dictionaryRoutes, fakeServer } from '../../../test-kit/server.ts';
import { buildQueryParams } from '../../query/encode.ts';
import { QueryBar } from './QueryBar.tsx';

/* The query bar of 职务管理: a text search on 职务名称 and the 职级 dictionary. */
const items = position.list!.query!;

function renderBar(query = items) {
  fakeServer(dictionaryRoutes(position));
  const onSearch = vi.fn();
  return { onSearch, ...renderUi(<QueryBar items={query} onSearch={onSearch} />) };
}

describe('query bar', () => {
  it('查询 hands over what was typed and chosen, which the list sends as its query parameters', async () => {
    const { user, onSearch } = renderBar();
    await user.type(screen.getByPlaceholderText('请输入职务名称'), '经理');
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByTitle('中级'));
    await user.click(screen.getByRole('button', { name: '查 询' }));

    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(1));
    const values = onSearch.mock.calls[0][0];
    expect(values).toEqual({ name: '经理', postRank: '3' });
    // A text item searches by substring (*x*); a dictionary item by its code.
    expect(buildQueryParams(items, values)).toEqual({ name: '*经理*', postRank: '3' });
  });

  it('重置 empties the inputs and searches with no conditions', async () => {
    const { user, onSearch } = renderBar();
    await user.type(screen.getByPlaceholderText('请输入职务名称'), '经理');
    await user.click(screen.getByRole('button', { name: '重 置' }));

    expect(onSearch).toHaveBeenCalledWith({});
    // The form mounts its inputs again on reset: look the input up anew.
    expect(screen.getByPlaceholderText('请输入职务名称')).toHaveValue('');
  });

  it("an item marked hidden ('1') shows only once the bar is expanded", async () => {
    const { user } = renderBar([...items, { field: 'code', label: '职务编码', view: 'text', hidden: '1' }]);
    expect(screen.queryByPlaceholderText('请输入职务编码')).not.toBeInTheDocument();
    await user.click(screen.getByText('展开'));
    expect(screen.getByPlaceholderText('请输入职务编码')).toBeInTheDocument();
    expect(screen.getByText('收起')).toBeInTheDocument();
  });
});
