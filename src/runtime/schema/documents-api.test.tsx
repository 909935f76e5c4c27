import { describe, expect, it } from 'vitest';
import { fakeServer, refusal } from '../../test-kit/server.ts';
import { fetchDocument, prefetchDocument } from './documents-api.ts';

const ROUTE = 'GET /sys/schema/get';
// The component project keeps modules loaded across files: each test asks for a code of its own.
const doc = (code: string) => ({ code, title: code, entity: { table: 't', fields: [] } });

describe('schema documents asked ahead of their screen', () => {
  it('the screen takes the answer of the request its route made: one request', async () => {
    const server = fakeServer({ [ROUTE]: ({ params }) => doc(params.code) });
    prefetchDocument('ahead/one');
    prefetchDocument('ahead/one');
    await expect(fetchDocument('ahead/one')).resolves.toMatchObject({ code: 'ahead/one' });
    await expect(fetchDocument('ahead/one')).resolves.toMatchObject({ code: 'ahead/one' });
    expect(server.sentTo(ROUTE)).toHaveLength(1);
  });

  it('a failure that came before the screen asked reaches the screen once, then the next call asks again', async () => {
    let fail = true;
    const server = fakeServer({ [ROUTE]: ({ params }) => (fail ? refusal('没有权限', 403) : doc(params.code)) });
    prefetchDocument('ahead/two');
    await new Promise((r) => setTimeout(r, 20));
    expect(server.sentTo(ROUTE)).toHaveLength(1);
    await expect(fetchDocument('ahead/two')).rejects.toThrow('没有权限');
    expect(server.sentTo(ROUTE)).toHaveLength(1);
    fail = false;
    await expect(fetchDocument('ahead/two')).resolves.toMatchObject({ code: 'ahead/two' });
    expect(server.sentTo(ROUTE)).toHaveLength(2);
  });
});
