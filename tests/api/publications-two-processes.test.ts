import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_PASSWORD, persistentStore, startServer, type TestServer } from './helpers/server.ts';

/*
 * A publication is in force on every process (issue 16 item 4): an online form published through one
 * server is served by another on the same PostgreSQL database within 2 s, and its deletion too. Only on
 * the PostgreSQL pass (TEST_DATABASE_URL), with DATABASE_URL set as a deployment's processes have it.
 */

const onPostgres = !!process.env.TEST_DATABASE_URL;
let store: Awaited<ReturnType<typeof persistentStore>>;
let one: TestServer;
let two: TestServer;

beforeAll(async () => {
  if (!onPostgres) return;
  store = await persistentStore();
  one = await startServer({ DATABASE_URL: store.database.url }, store);
  two = await startServer({ DATABASE_URL: store.database.url }, store);
});
afterAll(async () => {
  await two?.close();
  await one?.close();
  await store?.dispose();
});

const DESIGN = {
  list: [{ type: 'input', key: 'input_1', label: '姓名', model: 'guest_name', options: { width: '100%' }, rules: [{ required: true, message: '请输入姓名' }] }],
  config: { layout: 'horizontal', labelCol: { span: 4 }, wrapperCol: { span: 18 } },
};

it.skipIf(!onPostgres)('an online form published on one process is served by the other within 2 s, and gone from it once deleted', async () => {
  const adminOne = await one.loginAs('admin', ADMIN_PASSWORD);
  const adminTwo = await two.loginAs('admin', ADMIN_PASSWORD);
  expect((await two.api.get('/online/guestbook/list', adminTwo)).status).toBe(404);
  expect(
    (await one.api.post('/form/formConfiguration/save', { desformCode: 'guestbook', desformName: '访客登记', desformDesignJson: DESIGN }, adminOne)).body
      .success,
  ).toBe(true);
  expect((await one.api.post('/form/formConfiguration/publish', { desformCode: 'guestbook', roles: [] }, adminOne)).body.success).toBe(true);

  await expect.poll(async () => (await two.api.get('/online/guestbook/list', adminTwo)).status, { timeout: 2000, interval: 100 }).toBe(200);
  expect((await two.api.post('/online/guestbook/add', { guestName: '王五' }, adminTwo)).body.success).toBe(true);

  const id = (await one.api.get('/online/desform/list?desformCode=guestbook', adminOne)).body.result.records[0].id;
  expect((await one.api.post(`/online/desform/operation/remove?id=${id}`, { confirmCount: 1 }, adminOne)).body.success).toBe(true);
  await expect.poll(async () => (await two.api.get('/online/guestbook/list', adminTwo)).status, { timeout: 2000, interval: 100 }).toBe(404);
});
