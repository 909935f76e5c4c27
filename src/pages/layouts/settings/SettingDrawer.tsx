import { CheckOutlined } from '@ant-design/icons';
import { Alert, Divider, Drawer, List, Select, Switch, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { type LayoutMode, type MenuTheme, setSetting, settings, THEME_COLORS } from '../../../runtime/layout/settings.ts';

export const SETTINGS_DRAWER_WIDTH = 300;

/** A pair of pictured choices (menu theme, navigation mode), the chosen one ticked. */
function Choices<T extends string>({
  value,
  options,
  onChange,
  testId,
}: {
  value: T;
  options: { value: T; label: string; className: string }[];
  onChange: (v: T) => void;
  testId: string;
}) {
  return (
    <div className="setting-choices" data-testid={testId}>
      {options.map((o) => (
        <Tooltip key={o.value} title={o.label}>
          <div className={`setting-choice ${o.className}`} role="radio" aria-checked={value === o.value} aria-label={o.label} onClick={() => onChange(o.value)}>
            {value === o.value && <CheckOutlined className="setting-choice-check" />}
          </div>
        </Tooltip>
      ))}
    </div>
  );
}

function Row({ label, action, testId }: { label: ReactNode; action: ReactNode; testId?: string }) {
  return (
    <List.Item actions={[action]} data-testid={testId}>
      {label}
    </List.Item>
  );
}

/**
 * The settings drawer (spec section 2, "Settings drawer"; section 4, "Layout"), 300 px on the right.
 * Every change is stored at once; the dependent switches are disabled while their condition is off.
 */
export function SettingDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const s = useSnapshot(settings);
  const top = s.layout === 'topmenu';
  return (
    <Drawer
      title="系统设置"
      placement="right"
      width={SETTINGS_DRAWER_WIDTH}
      open={open}
      onClose={onClose}
      forceRender
      className="setting-drawer"
      data-testid="setting-drawer"
    >
      <h3 className="setting-title">整体风格设置</h3>
      <Choices<MenuTheme>
        testId="setting-theme"
        value={s.theme}
        onChange={(v) => setSetting('theme', v)}
        options={[
          { value: 'dark', label: '暗色菜单风格', className: 'choice-dark' },
          { value: 'light', label: '亮色菜单风格', className: 'choice-light' },
        ]}
      />
      <h3 className="setting-title">主题色</h3>
      <div className="setting-colors" data-testid="setting-colors">
        {THEME_COLORS.map((c) => (
          <Tooltip key={c.color} title={c.name}>
            <span
              className="setting-color"
              role="radio"
              aria-checked={s.color === c.color}
              aria-label={c.name}
              style={{ background: c.color }}
              onClick={() => setSetting('color', c.color)}
            >
              {s.color === c.color && <CheckOutlined />}
            </span>
          </Tooltip>
        ))}
      </div>
      <Divider />
      <h3 className="setting-title">导航模式</h3>
      <Choices<LayoutMode>
        testId="setting-layout"
        value={s.layout}
        onChange={(v) => setSetting('layout', v)}
        options={[
          { value: 'sidemenu', label: '侧边栏导航', className: 'choice-sidemenu' },
          { value: 'topmenu', label: '顶部栏导航', className: 'choice-topmenu' },
        ]}
      />
      <List split={false} className="setting-list">
        <Row
          label="内容区域宽度"
          testId="setting-content-width"
          action={
            <Select
              size="small"
              style={{ width: 80 }}
              value={s.contentWidth}
              onChange={(v) => setSetting('contentWidth', v)}
              options={[{ value: 'Fixed', label: '固定' }, ...(top ? [{ value: 'Fluid', label: '流式' }] : [])]}
            />
          }
        />
        <Row
          label="固定 Header"
          testId="setting-fixed-header"
          action={<Switch size="small" checked={s.fixedHeader} onChange={(v) => setSetting('fixedHeader', v)} />}
        />
        <Row
          label={<span className={s.fixedHeader ? '' : 'setting-disabled'}>下滑时隐藏 Header</span>}
          testId="setting-auto-hide"
          action={<Switch size="small" disabled={!s.fixedHeader} checked={s.autoHideHeader} onChange={(v) => setSetting('autoHideHeader', v)} />}
        />
        <Row
          label={<span className={top ? 'setting-disabled' : ''}>固定侧边菜单</span>}
          testId="setting-fixed-sider"
          action={<Switch size="small" disabled={top} checked={s.fixSiderbar} onChange={(v) => setSetting('fixSiderbar', v)} />}
        />
      </List>
      <Divider />
      <h3 className="setting-title">其他设置</h3>
      <List split={false} className="setting-list">
        <Row label="色弱模式" testId="setting-weak" action={<Switch size="small" checked={s.weak} onChange={(v) => setSetting('weak', v)} />} />
        <Row
          label="多页签模式"
          testId="setting-multipage"
          action={<Switch size="small" checked={s.multipage} onChange={(v) => setSetting('multipage', v)} />}
        />
      </List>
      <Divider />
      <Alert type="warning" showIcon message="该设置仅用于开发环境预览布局效果，正式环境的默认配置请在代码中修改。" />
    </Drawer>
  );
}
