import { useEffect } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { workflow } from './provider.ts';

/*
 * The pending-work count of the header and of 我的任务's tab: read on sign-in, after the user acts on a
 * task, when a message arrives (an urge, a new task's notice) and once a minute.
 */

export const pending = proxy({ todo: 0, ccUnread: 0 });

export async function refreshPending(): Promise<void> {
  try {
    Object.assign(pending, await workflow.counts());
  } catch {
    // Not signed in, or no workflow for this user: the count stays as it was.
  }
}

/** After an action that changes someone's tasks. */
export const announcePendingChange = () => void refreshPending();

const EVERY_MS = 60_000;

/** The count, kept fresh while the component is shown. */
export function usePendingCount(): number {
  const snap = useSnapshot(pending);
  useEffect(() => {
    void refreshPending();
    const timer = setInterval(() => void refreshPending(), EVERY_MS);
    return () => clearInterval(timer);
  }, []);
  return snap.todo;
}
