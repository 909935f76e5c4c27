import { Button, Checkbox, Modal } from 'antd';
import { useState } from 'react';
import type { Shortcut } from './shortcuts.ts';

/** Groups the shortcuts by the menu entry they sit under, in menu order. */
function byArea(all: readonly Shortcut[]): [string, Shortcut[]][] {
  const groups = new Map<string, Shortcut[]>();
  for (const s of all) groups.set(s.area, [...(groups.get(s.area) ?? []), s]);
  return [...groups];
}

/** 设置快捷方式: tick the screens to pin (in menu order), or go back to the defaults. */
export function ShortcutPicker({
  all,
  chosen,
  onSave,
  onClose,
}: {
  all: readonly Shortcut[];
  chosen: readonly string[];
  onSave: (paths: string[] | null) => void;
  onClose: () => void;
}) {
  const [picked, setPicked] = useState(() => new Set(chosen));
  const toggle = (path: string, on: boolean) =>
    setPicked((p) => {
      const next = new Set(p);
      if (on) next.add(path);
      else next.delete(path);
      return next;
    });
  return (
    <Modal
      open
      title="设置快捷方式"
      width={720}
      onCancel={onClose}
      footer={[
        <Button key="reset" onClick={() => onSave(null)}>
          恢复默认
        </Button>,
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="ok" type="primary" data-testid="shortcuts-save" onClick={() => onSave(all.filter((s) => picked.has(s.path)).map((s) => s.path))}>
          确定
        </Button>,
      ]}
    >
      <div className="shortcut-picker" data-testid="shortcut-picker">
        {byArea(all).map(([area, items]) => (
          <div key={area || '-'} className="shortcut-picker-group">
            <div className="shortcut-picker-area">{area || '其他'}</div>
            {items.map((s) => (
              <Checkbox key={s.path} checked={picked.has(s.path)} onChange={(e) => toggle(s.path, e.target.checked)}>
                {s.title}
              </Checkbox>
            ))}
          </div>
        ))}
      </div>
    </Modal>
  );
}
