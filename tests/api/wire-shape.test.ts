import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyOf } from '../../src/core/schema/field-names.ts';
import type { SchemaDocument } from '../../src/core/schema/types.generated.ts';
import { routeTableOf } from '../../server/http/route-table.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/*
 * The guard of one record shape on the wire (issue 15): records travel under their properties (createTime,
 * orgCode_dictText), never their columns (create_time). Walked from the server's own route table, so a new
 * route is checked the moment it is registered:
 * 1. every document's list, detail and recycle bin, and one record's list row, detail and export row agree;
 * 2. every GET route without path parameters, signed in as admin, answers no column-named key.
 */

/** Where a key may stay a column's name: JeecgBoot's contract passes those through as the admin wrote them. */
const COLUMN_NAMED: Record<string, string> = {
  'GET /hope-boot/online/cgreport/api/getColumnsAndData/:code': 'online report rows keep the SQL aliases the admin wrote',
  'GET /hope-boot/online/cgreport/api/getData/:code': 'online report rows keep the SQL aliases the admin wrote',
};

/** A key answered by column where its property differs (create_time for createTime); a designer key (input_17…) is its own property. */
const columnNamed = (key: string) => {
  const base = key.endsWith('_dictText') ? key.slice(0, -'_dictText'.length) : key;
  return /^[a-z][a-z0-9]*(_[a-z0-9]+)+$/.test(base) && propertyOf(base) !== base;
};

/** Objects keyed by dictionary code (pay_status → its items), not by field: their keys are codes, not properties. */
const BY_DICTIONARY = [/\.sysAllDictItems$/, /^\/hope-boot\/sys\/dict\/queryAllDictItems$/];

/** Every column-named key in an answer, with where it sits; JSON text is not walked (it is a value). */
function columnKeys(value: unknown, path: string, out: string[]): string[] {
  if (Array.isArray(value)) value.slice(0, 20).forEach((v, i) => columnKeys(v, `${path}[${i}]`, out));
  else if (value && typeof value === 'object') {
    const codes = BY_DICTIONARY.some((p) => p.test(path));
    for (const [key, v] of Object.entries(value)) {
      if (!codes && columnNamed(key)) out.push(`${path}.${key}`);
      columnKeys(v, `${path}.${key}`, out);
    }
  }
  return out;
}

let s: TestServer;
let admin: string;
let documents: SchemaDocument[];
beforeAll(async () => {
  s = await startServer();
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
  const codes = (await s.api.get('/sys/schema/list', admin)).body.result as { code: string }[];
  documents = await Promise.all(codes.map(async ({ code }) => (await s.api.get(`/sys/schema/get?code=${code}`, admin)).body.result as SchemaDocument));
});
afterAll(() => s?.close());

describe('one record shape on the wire', () => {
  it('documents name their fields by property', () => {
    expect(documents.length).toBeGreaterThan(40);
    const named = documents.flatMap((d) => d.entity.fields.filter((f) => columnNamed(f.name)).map((f) => `${d.code} ${f.name}`));
    expect(named).toEqual([]);
    const record = documents.find((d) => d.code === 'donation/record')!;
    expect(record.list!.columns.map((c) => c.dataIndex)).toContain('donorName');
  });

  it('every list, detail and recycle bin answers properties, and a record has one shape in its list, its detail and its export', async () => {
    const found: string[] = [];
    let compared = 0;
    for (const doc of documents) {
      const list = await s.api.get(`/${doc.code}/list?pageSize=3`, admin);
      if (list.status !== 200 || !list.body.success) continue;
      const records = list.body.result.records as Record<string, unknown>[];
      found.push(...columnKeys(records, `${doc.code}/list`, []));
      if (doc.entity.softDelete) found.push(...columnKeys((await s.api.get(`/${doc.code}/deleteList`, admin)).body.result, `${doc.code}/deleteList`, []));
      const first = records[0];
      if (!first) continue;
      const detail = await s.api.get(`/${doc.code}/queryById?id=${first.id}`, admin);
      expect(detail.status, doc.code).toBe(200);
      found.push(...columnKeys(detail.body.result, `${doc.code}/queryById`, []));
      // The detail carries the list row's every key (and its sub-table rows besides), with the same values.
      for (const [key, value] of Object.entries(first))
        if (JSON.stringify(detail.body.result[key]) !== JSON.stringify(value))
          found.push(`${doc.code}: detail ${key} ${JSON.stringify(detail.body.result[key])} ≠ list ${JSON.stringify(value)}`);
      compared++;
      if (!doc.list?.toolbar?.includes('export')) continue;
      const sheet = await s.api.download(`/${doc.code}/exportXls?id=${first.id}&pageSize=3`, admin);
      if (sheet.status !== 200 || sheet.body?.success === false) continue;
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(sheet.bytes as never);
      const rows = book.worksheets[0].getSheetValues() as unknown[][];
      const header = (rows[1] ?? []).slice(1).map(String);
      const row = rows.slice(2).find((r) => r && doc.list!.columns.every((c, i) => String(r[i + 1] ?? '') === cellOf(first, c.dataIndex)));
      expect(header, doc.code).toEqual(doc.list!.columns.map((c) => c.title ?? c.dataIndex));
      if (!row)
        found.push(
          `${doc.code}: export row ${JSON.stringify(rows[2]?.slice(1))} ≠ list row ${JSON.stringify(doc.list!.columns.map((c) => cellOf(first, c.dataIndex)))}`,
        );
    }
    // Joined, so that a failure lists every place.
    expect(found.join('\n')).toBe('');
    // The demo data fills most screens: the comparison really ran.
    expect(compared).toBeGreaterThan(12);
  });

  it('no GET route answers a column-named key', async () => {
    const routes = routeTableOf(s.app).filter((r) => r.method === 'GET' && !r.websocket && !/[:*]/.test(r.url) && !r.url.includes('/logout'));
    expect(routes.length).toBeGreaterThan(60);
    const found: string[] = [];
    for (const route of routes) {
      if (COLUMN_NAMED[`${route.method} ${route.url}`]) continue;
      const res = await s.raw(route.url, { headers: { 'X-Access-Token': admin } });
      if (typeof res.body !== 'object' || !res.body) continue;
      found.push(...columnKeys(res.body.result, route.url, []));
    }
    expect(found.join('\n')).toBe('');
  });
});

/** A list row's value as its export cell reads: the dictionary text when it has one. */
function cellOf(row: Record<string, unknown>, property: string): string {
  const text = row[`${property}_dictText`];
  if (text !== undefined && text !== null && text !== '') return String(text);
  const value = row[property];
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
