import type { Session } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { announceTo } from './message-templates.ts';

/*
 * Sending a message to named users from anywhere in the server (a workflow urge). Releasing an
 * announcement pushes it over the socket bus, which belongs to the announcement routes: they attach their
 * release here when they start.
 */
export class UserMessages {
  private release: ((id: string, session: Session) => Promise<void>) | undefined;

  constructor(private readonly ctx: () => AppContext) {}

  attach(release: (id: string, session: Session) => Promise<void>): void {
    this.release = release;
  }

  async sendToUsers(session: Session, usernames: string[], title: string, html: string): Promise<void> {
    const release = this.release;
    if (!release) throw new Error('announcement routes not registered');
    await announceTo(this.ctx(), session, usernames, title, html, (id) => release(id, session));
  }
}
