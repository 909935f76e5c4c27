import { SearchOutlined } from '@ant-design/icons';
import { Modal, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { Device } from '../../../runtime/layout/device.ts';
import { matchesTitle, searchableRoutes } from '../../../runtime/layout/pages.ts';
import type { AppRoute } from '../../../runtime/menu/routes.ts';
import { session } from '../../../runtime/session/store.ts';
import { useOpenRoute } from '../menu/NavMenu.tsx';

function SearchSelect({ onChosen, autoFocus }: { onChosen?: () => void; autoFocus?: boolean }) {
  const { routes } = useSnapshot(session);
  const openRoute = useOpenRoute();
  const candidates = useMemo(() => searchableRoutes(routes as AppRoute[]), [routes]);
  const byPath = useMemo(() => new Map(candidates.map((r) => [r.path, r])), [candidates]);
  return (
    <Select
      showSearch
      allowClear
      autoFocus={autoFocus}
      className="menu-search-select"
      data-testid="menu-search"
      placeholder="搜索菜单"
      value={null as string | null}
      options={candidates.map((r) => ({ value: r.path, label: r.meta.title }))}
      filterOption={(input, option) => !!option && matchesTitle(byPath.get(option.value as string)!, input)}
      notFoundContent="没有匹配的菜单"
      onSelect={(path) => {
        const route = path ? byPath.get(path) : undefined;
        if (route) openRoute(route);
        onChosen?.();
      }}
    />
  );
}

/** Menu search (spec section 2): a select in the header, or behind a search icon in a modal on mobile. */
export function MenuSearch({ device }: { device: Device }) {
  const [open, setOpen] = useState(false);
  if (device === 'desktop') return <SearchSelect />;
  return (
    <>
      <span className="header-action" role="button" aria-label="搜索菜单" onClick={() => setOpen(true)}>
        <SearchOutlined />
      </span>
      <Modal title="搜索菜单" open={open} footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
        <SearchSelect autoFocus onChosen={() => setOpen(false)} />
      </Modal>
    </>
  );
}
