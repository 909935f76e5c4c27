import { afterAll, beforeAll, expect, it } from 'vitest';
import { BOMB } from '../../server/engine/io/archive-guard.ts';
import { zipOf } from '../unit/server/zip-fixture.ts';
import { count } from './helpers/schema-records.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/* An Excel import that is a zip bomb is refused before it is expanded; nothing is imported and the server answers on. */

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startServer();
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
});
afterAll(() => s?.close());

it('refuses a zip bomb posing as .xlsx with its message, imports nothing, and goes on answering', async () => {
  const before = await count(s, 'sys_position');
  const bomb = zipOf([
    { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
    { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(40 * 1024 * 1024, 0x20) },
  ]);
  const r = await s.api.upload('/system/position/importExcel', bomb, 'positions.xlsx', admin);
  expect(r.status).toBe(400);
  expect(r.body).toMatchObject({ success: false, message: BOMB });
  expect(await count(s, 'sys_position')).toBe(before);
  expect((await s.api.get('/system/position/list', admin)).body.success).toBe(true);
});
