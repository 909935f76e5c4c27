import { useEffect } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { workflow } from './provider.ts';

/*
 * The pending-work count of the header and of 我的任务's tab: read on sign-in, after the user acts on a
 * task, when a message arrives (an urge, a new task's notice) and once a minute.
 */

export const pending = proxy({ todo: 0, ccUnread: 0 });

let asking: Promise<void> | undefined;
let answeredAt = 0;
/** Asks within this long of the last answer share it: the header, its badge and the first messages all ask at load. */
const FRESH_MS = 1000;

/** Re-reads the count; callers at the same moment (or just after an answer) share one request. */
export function refreshPending(force = false): Promise<void> {
  if (asking) return asking;
  if (!force && Date.now() - answeredAt < FRESH_MS) return Promise.resolve();
  asking = workflow
    .counts()
    .then((counts) => void Object.assign(pending, counts))
    .catch(() => {
      // Not signed in, or no workflow for this user: the count stays as it was.
    })
    .finally(() => {
      answeredAt = Date.now();
      asking = undefined;
    });
  return asking;
}

/** After an action that changes someone's tasks: always asks again. */
export const announcePendingChange = () => void refreshPending(true);

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
