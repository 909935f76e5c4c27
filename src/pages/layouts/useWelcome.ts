import { App } from 'antd';
import { useEffect } from 'react';
import { greeting } from '../../runtime/helpers/greeting.ts';
import { loadDeparts } from '../../runtime/session/api.ts';
import { isGuest, takeWelcome } from '../../runtime/session/store.ts';
import { openDepartDialog } from './dialogs/store.ts';

/**
 * Right after sign-in: the welcome notification the login page left behind, and, for a user in several
 * departments who has none chosen yet, the department choice (which must then be confirmed).
 */
export function useWelcome() {
  const { notification } = App.useApp();
  useEffect(() => {
    const name = takeWelcome();
    if (!name) return;
    notification.success({ message: '欢迎', description: `${greeting()}，欢迎回来，${name}`, duration: 3 });
    if (isGuest()) return;
    loadDeparts()
      .then(({ list, orgCode }) => {
        if (list.length > 1 && !list.some((d) => d.orgCode === orgCode)) openDepartDialog(false);
      })
      .catch(() => {});
  }, [notification]);
}
