import type { WebSocket } from 'ws';

/** What travels to the browsers: JeecgBoot's socket message, { cmd, msgId, msgTxt, … }. */
export interface PushMessage {
  cmd: string;
  [key: string]: unknown;
}

/** Everyone, or only the sockets of the listed users. */
export type Audience = { all: true } | { userIds: string[] };

/** The sockets open on this process, by user; a user may have several tabs open. */
export class SocketHub {
  private readonly byUser = new Map<string, Set<WebSocket>>();

  add(userId: string, socket: WebSocket): void {
    let sockets = this.byUser.get(userId);
    if (!sockets) this.byUser.set(userId, (sockets = new Set()));
    sockets.add(socket);
  }

  remove(userId: string, socket: WebSocket): void {
    const sockets = this.byUser.get(userId);
    if (!sockets) return;
    sockets.delete(socket);
    if (sockets.size === 0) this.byUser.delete(userId);
  }

  /** The sockets open on this process (监控中心's figures). */
  get size(): number {
    let n = 0;
    for (const sockets of this.byUser.values()) n += sockets.size;
    return n;
  }

  /** Sends to the local sockets of the audience; answers how many sockets it reached. */
  deliver(audience: Audience, message: PushMessage): number {
    const text = JSON.stringify(message);
    const targets = 'all' in audience ? [...this.byUser.values()] : audience.userIds.map((id) => this.byUser.get(id)).filter((s) => !!s);
    let sent = 0;
    for (const sockets of targets) {
      for (const socket of sockets) {
        if (socket.readyState !== socket.OPEN) continue;
        socket.send(text);
        sent++;
      }
    }
    return sent;
  }

  closeAll(): void {
    for (const sockets of this.byUser.values()) for (const socket of sockets) socket.terminate();
    this.byUser.clear();
  }
}
