import { proxy } from 'valtio';
import type { Announcement } from '../../../runtime/notice/api.ts';

/*
 * The shell's dialogs are opened from several places (the user menu, the account pages, the bell, my
 * announcements) and rendered once by the layout; this is the switchboard between the two.
 */
export const dialogs = proxy({
  password: false,
  depart: { open: false, closable: true },
  announcement: null as Announcement | null,
});

export const openPasswordDialog = () => void (dialogs.password = true);
export const openDepartDialog = (closable = true) => void (dialogs.depart = { open: true, closable });
export const openAnnouncement = (announcement: Announcement) => void (dialogs.announcement = announcement);
