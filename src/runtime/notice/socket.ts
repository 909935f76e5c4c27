/*
 * The live notice channel (spec sections 4 and 9): a WebSocket to /websocket/{userId} carrying the token
 * as its protocol (browsers cannot set headers on it). Every 20 s of silence it sends 'HeartBeat'; with
 * no answer within another 20 s the socket is closed. A closed or failed socket reconnects after 5 s,
 * with one reconnect pending at a time. 'topic' and 'user' messages mean the notices changed;
 * 'authorization' means the page must reload.
 */

export const RECONNECT_MS = 5000;
export const HEARTBEAT_MS = 20000;
export const HEARTBEAT = 'HeartBeat';

/** The part of the browser's WebSocket this uses, so tests can hand in a fake. */
export interface SocketLike {
  send(data: string): void;
  close(): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

export interface NoticeSocketOptions {
  url: string;
  token: string;
  onNotice: (message: { cmd: string; msgId?: string; msgTxt?: string }) => void;
  onAuthorization: () => void;
  create?: (url: string, protocols: string[]) => SocketLike;
}

/** ws(s)://host/{wsPath}/{userId}; wsPath may already be an absolute ws(s) address. */
export function socketUrl(wsPath: string, userId: string, loc: Pick<Location, 'protocol' | 'host'> = location): string {
  const base = /^wss?:\/\//i.test(wsPath) ? wsPath : `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}${wsPath.startsWith('/') ? '' : '/'}${wsPath}`;
  return `${base.replace(/\/+$/, '')}/${encodeURIComponent(userId)}`;
}

export class NoticeSocket {
  private socket: SocketLike | null = null;
  private stopped = true;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private quietTimer: ReturnType<typeof setTimeout> | null = null;
  private answerTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly options: NoticeSocketOptions) {}

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.clearTimers();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close();
  }

  private connect(): void {
    const create = this.options.create ?? ((url, protocols) => new WebSocket(url, protocols) as unknown as SocketLike);
    let socket: SocketLike;
    try {
      socket = create(this.options.url, [this.options.token]);
    } catch {
      this.reconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => this.resetHeartbeat();
    socket.onmessage = (event) => {
      this.resetHeartbeat();
      this.dispatch(String(event.data));
    };
    const lost = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      this.reconnect();
    };
    socket.onclose = lost;
    socket.onerror = lost;
  }

  private dispatch(text: string): void {
    let message: { cmd?: unknown; msgId?: string; msgTxt?: string };
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (message.cmd === 'topic' || message.cmd === 'user') this.options.onNotice(message as { cmd: string });
    else if (message.cmd === 'authorization') this.options.onAuthorization();
  }

  /** One reconnect at a time, 5 s after the loss; none once stopped. */
  private reconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.stopped) this.connect();
    }, RECONNECT_MS);
  }

  private clearTimers(): void {
    if (this.quietTimer) clearTimeout(this.quietTimer);
    if (this.answerTimer) clearTimeout(this.answerTimer);
    this.quietTimer = this.answerTimer = null;
  }

  private resetHeartbeat(): void {
    this.clearTimers();
    const socket = this.socket;
    this.quietTimer = setTimeout(() => {
      socket?.send(HEARTBEAT);
      this.answerTimer = setTimeout(() => socket?.close(), HEARTBEAT_MS);
    }, HEARTBEAT_MS);
  }
}
