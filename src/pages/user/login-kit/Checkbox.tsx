import type { ReactNode } from 'react';
import './kit.css';

/** A checkbox with its label, a native input styled like antd's checkbox (kit.css). */
export function Checkbox({ checked, onChange, children }: { checked: boolean; onChange: (checked: boolean) => void; children: ReactNode }) {
  return (
    <label className="lk-check">
      <input type="checkbox" className="lk-check-box" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>{children}</span>
    </label>
  );
}
