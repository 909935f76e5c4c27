import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { KEYS, local, SEVEN_DAYS_MS } from '../../runtime/storage.ts';
import { fakeServer } from '../../test-kit/server.ts';
import { renderWidget } from '../test-kit.tsx';

/*
 * Select, radio and checkbox fed by a dictionary (a system code) or a table dictionary (table, text and
 * key). A dictionary is fetched once per page and kept for every later form, so each test names its own
 * code: one asked for by an earlier test would not be asked for again.
 */
const item = (value: string, text: string) => ({ value, text, title: text, label: text });
const PRIORITY = [item('1', '低'), item('2', '中'), item('3', '高')];

const dictRoute = (code: string) => `GET /sys/dict/getDictItems/${code}`;

function dictionaryServer(code: string, items = PRIORITY) {
  return fakeServer({ [dictRoute(code)]: () => items });
}

describe('选项来源 (options source)', () => {
  it('a select over a dictionary asks the server for it once, shows the stored code as its text and stores the code picked', async () => {
    const server = dictionaryServer('os_priority_select');
    const { user, field, value } = await renderWidget('select', { value: '2', options: { dynamic: 'dict', dynamicKey: 'os_priority_select' } });
    expect(await within(field()).findByText('中')).toBeInTheDocument();

    await user.click(within(field()).getByRole('combobox'));
    expect(await screen.findByTitle('低')).toBeInTheDocument();
    await user.click(screen.getByTitle('高'));
    expect(value()).toBe('3');
    // Dictionary items are cacheable: no _t timestamp, and no second call for the same code.
    expect(server.requests).toEqual([{ method: 'GET', path: '/sys/dict/getDictItems/os_priority_select', params: {}, body: undefined }]);
  });

  it("a radio over a dictionary offers the dictionary's texts", async () => {
    dictionaryServer('os_priority_radio');
    const { user, value } = await renderWidget('radio', { value: '1', options: { dynamic: 'dict', dynamicKey: 'os_priority_radio' } });
    expect(await screen.findByRole('radio', { name: '低' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: '高' }));
    expect(value()).toBe('3');
  });

  it("a checkbox over a dictionary checks the stored comma list and stores what is checked as one, in the dictionary's order", async () => {
    dictionaryServer('os_priority_checkbox');
    const { user, value } = await renderWidget('checkbox', { value: '1,3', options: { dynamic: 'dict', dynamicKey: 'os_priority_checkbox' } });
    expect(await screen.findByRole('checkbox', { name: '低' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '中' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: '高' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: '低' }));
    await user.click(screen.getByRole('checkbox', { name: '中' }));
    expect(value()).toBe('2,3');
  });

  it('a table dictionary is asked for as table,text,key', async () => {
    const departs = [item('d1', '办公室'), item('d2', '募捐部')];
    const server = fakeServer({ [dictRoute('os_depart,depart_name,id')]: () => departs });
    const { field } = await renderWidget('select', {
      value: 'd2',
      options: { dynamic: 'distal', distal: { tableName: 'os_depart', label: 'depart_name', value: 'id' } },
    });
    expect(await within(field()).findByText('募捐部')).toBeInTheDocument();
    expect(server.requests.map((r) => r.path)).toEqual(['/sys/dict/getDictItems/os_depart,depart_name,id']);
  });

  describe('with the dictionaries a sign-in caches', () => {
    const signedIn = localStorage.getItem(`pro__${KEYS.DICT_CACHE}`);
    afterEach(() => (signedIn === null ? local.remove(KEYS.DICT_CACHE) : localStorage.setItem(`pro__${KEYS.DICT_CACHE}`, signedIn)));

    it('a cached dictionary is read from the cache, not asked of the server', async () => {
      local.set(KEYS.DICT_CACHE, { os_priority_cached: PRIORITY }, SEVEN_DAYS_MS);
      const server = fakeServer({});
      const { field } = await renderWidget('select', { value: '3', options: { dynamic: 'dict', dynamicKey: 'os_priority_cached' } });
      expect(within(field()).getByText('高')).toBeInTheDocument();
      await waitFor(() => expect(server.requests).toEqual([]));
    });
  });
});
