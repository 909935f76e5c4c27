import { AppstoreOutlined } from '@ant-design/icons';
import { Card, Empty } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { AppRoute } from '../../../runtime/menu/routes.ts';
import { session } from '../../../runtime/session/store.ts';
import { menuIcon } from '../../layouts/menu/icons.tsx';
import { ShortcutPicker } from './ShortcutPicker.tsx';
import { menuShortcuts, pinnedShortcuts, savePinned, shownShortcuts } from './shortcuts.ts';

/** 我的快捷方式: tiles opening screens of the user's own menu; 设置 picks which. */
export function Shortcuts() {
  const { routes, userInfo } = useSnapshot(session);
  const username = userInfo?.username ?? '';
  const all = useMemo(() => menuShortcuts(routes as AppRoute[]), [routes]);
  const [pinned, setPinned] = useState(() => pinnedShortcuts(username));
  const [editing, setEditing] = useState(false);
  const shown = shownShortcuts(all, pinned);
  const save = (paths: string[] | null) => {
    savePinned(username, paths);
    setPinned(paths);
    setEditing(false);
  };
  return (
    <Card
      size="small"
      title="我的快捷方式"
      className="dashboard-block"
      data-testid="shortcuts"
      extra={
        <a onClick={() => setEditing(true)} data-testid="shortcuts-edit">
          设置
        </a>
      }
    >
      {shown.length ? (
        <div className="shortcuts">
          {shown.map((s) => (
            <Link key={s.path} to={s.path} className="shortcut" data-testid={`shortcut-${s.path}`} title={s.area ? `${s.area} › ${s.title}` : s.title}>
              <span className="shortcut-icon">{menuIcon(s.icon) ?? <AppstoreOutlined />}</span>
              <span className="shortcut-title">{s.title}</span>
            </Link>
          ))}
        </div>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有快捷方式，点“设置”从菜单中挑选" />
      )}
      {editing && <ShortcutPicker all={all} chosen={shown.map((s) => s.path)} onSave={save} onClose={() => setEditing(false)} />}
    </Card>
  );
}
