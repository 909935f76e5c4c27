import { afterAll, beforeAll, expect, it } from 'vitest';
import { activitiesOfTwoTenants } from './helpers/schema-records.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/*
 * Table dictionaries answer within the asker's row scope (issue 14): an activity of another tenant is no
 * option, no text and no search hit for a user of tenant 1, exactly as their list of activities hides it.
 */

let s: TestServer;
let admin: string;
let mine: string;
let foreign: string;
beforeAll(async () => {
  s = await startServer();
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
  ({ mine, foreign } = await activitiesOfTwoTenants(s, admin, '本租户助学活动', '外租户助学活动'));
});
afterAll(() => s?.close());

const DICT = 'donation_activity,activity_name,id';
const values = (r: { body: any }) => (r.body.result as { value: string }[]).map((o) => o.value);

it('lists, searches and names only rows of the tenant the user works in', async () => {
  const list = (await s.api.get('/donation/activity/list?pageSize=100', admin)).body.result.records.map((r: any) => r.id);
  expect(list).toContain(mine);
  expect(list).not.toContain(foreign);

  const all = values(await s.api.get(`/sys/dict/getDictItems/${encodeURIComponent(DICT)}`, admin));
  expect(all).toContain(mine);
  expect(all).not.toContain(foreign);
  const found = values(await s.api.get(`/sys/dict/loadDict/${encodeURIComponent(DICT)}?keyword=${encodeURIComponent('助学活动')}`, admin));
  expect(found).toEqual([mine]);
  const texts = await s.api.get(`/sys/dict/loadDictItem/${encodeURIComponent(DICT)}?key=${mine},${foreign}`, admin);
  // A code the user may not see stands for itself, as an unknown one does.
  expect(texts.body.result).toEqual(['本租户助学活动', foreign]);
  const flow = await s.api.post(
    '/sys/dict/getFlowFormDictData',
    { list: [{ type: 'table', code: 'donation_activity', label: 'activity_name', value: 'id', key: 'a' }] },
    admin,
  );
  expect(flow.body.result.a.map((o: { value: string }) => o.value)).not.toContain(foreign);
});
