import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEARTBEAT, HEARTBEAT_MS, NoticeSocket, RECONNECT_MS, type SocketLike, socketUrl } from '../../../src/runtime/notice/socket.ts';

/* The live channel's client (spec sections 4, 8 and 9) against a fake socket and fake timers. */

class FakeSocket implements SocketLike {
  sent: string[] = [];
  closed = false;
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
    this.onclose?.({});
  }
}

let sockets: FakeSocket[];
let notices: unknown[];
let reloads: number;
let client: NoticeSocket;

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  notices = [];
  reloads = 0;
  client = new NoticeSocket({
    url: 'ws://host/hope-boot/websocket/42',
    token: 'the-token',
    onNotice: (m) => notices.push(m),
    onAuthorization: () => reloads++,
    create: (url, protocols) => {
      const s = new FakeSocket(url, protocols);
      sockets.push(s);
      return s;
    },
  });
  client.start();
});
afterEach(() => {
  client.stop();
  vi.useRealTimers();
});

describe('notice socket', () => {
  it('builds ws(s) addresses under the API base and passes the token as the protocol', () => {
    expect(socketUrl('/hope-boot/websocket', '42', { protocol: 'http:', host: 'a:3000' })).toBe('ws://a:3000/hope-boot/websocket/42');
    expect(socketUrl('/hope-boot/websocket/', '42', { protocol: 'https:', host: 'a' })).toBe('wss://a/hope-boot/websocket/42');
    expect(socketUrl('wss://push.example/ws', '42', { protocol: 'http:', host: 'a' })).toBe('wss://push.example/ws/42');
    expect(sockets[0].protocols).toEqual(['the-token']);
    expect(sockets[0].url).not.toContain('the-token');
  });

  it("'topic' and 'user' reload the notices, 'authorization' reloads the page, anything else is ignored", () => {
    const s = sockets[0];
    s.onopen?.({});
    s.onmessage?.({ data: JSON.stringify({ cmd: 'topic', msgId: '1', msgTxt: 'a' }) });
    s.onmessage?.({ data: JSON.stringify({ cmd: 'user', msgId: '2', msgTxt: 'b' }) });
    s.onmessage?.({ data: JSON.stringify({ cmd: 'heartcheck' }) });
    s.onmessage?.({ data: 'not json' });
    expect(notices).toEqual([
      { cmd: 'topic', msgId: '1', msgTxt: 'a' },
      { cmd: 'user', msgId: '2', msgTxt: 'b' },
    ]);
    s.onmessage?.({ data: JSON.stringify({ cmd: 'authorization' }) });
    expect(reloads).toBe(1);
  });

  it('reconnects 5 s after a close or an error, with one reconnect pending at a time', () => {
    sockets[0].onerror?.({});
    sockets[0].onclose?.({});
    vi.advanceTimersByTime(RECONNECT_MS - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(RECONNECT_MS * 3);
    expect(sockets).toHaveLength(2);
  });

  it("sends 'HeartBeat' after 20 s of silence and closes (then reconnects) when nothing answers", () => {
    const s = sockets[0];
    s.onopen?.({});
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(s.sent).toEqual([HEARTBEAT]);
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(s.closed).toBe(true);
    vi.advanceTimersByTime(RECONNECT_MS);
    expect(sockets).toHaveLength(2);
  });

  it('an answer keeps the socket open', () => {
    const s = sockets[0];
    s.onopen?.({});
    vi.advanceTimersByTime(HEARTBEAT_MS);
    s.onmessage?.({ data: JSON.stringify({ cmd: 'heartcheck' }) });
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(s.closed).toBe(false);
    expect(s.sent).toEqual([HEARTBEAT, HEARTBEAT]);
  });

  it('stops for good: no reconnect after stop', () => {
    client.stop();
    vi.advanceTimersByTime(RECONNECT_MS * 2);
    expect(sockets).toHaveLength(1);
  });
});
