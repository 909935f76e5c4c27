import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { type MouseEvent, type ReactNode, useId, useRef, useState } from 'react';
import './kit.css';

interface FieldProps {
  icon: ReactNode;
  /** Also the field's accessible name, and the message shown under it when it is left empty. */
  placeholder: string;
  autoComplete: string;
  value: string;
  missing?: boolean;
  /** A password: typed as dots, with a button showing it. */
  password?: boolean;
  onChange: (value: string) => void;
}

/**
 * One input of the login forms, in plain elements styled like antd's large input (kit.css): an icon before it,
 * a red border and the placeholder under it as its message when left empty, an eye button on a password.
 */
export function Field({ icon, placeholder, autoComplete, value, missing, password, onChange }: FieldProps) {
  const [shown, setShown] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();
  // A click on the icon or the padding puts the caret in the input, as antd's input does; the eye keeps it there.
  const keepFocus = (event: MouseEvent) => {
    if (event.target === input.current) return;
    event.preventDefault();
    input.current?.focus();
  };
  return (
    <div className="login-field">
      <span className={missing ? 'lk-input lk-input-error' : 'lk-input'} onMouseDown={keepFocus}>
        <span className="lk-input-prefix" aria-hidden>
          {icon}
        </span>
        <input
          ref={input}
          className="lk-input-control"
          type={password && !shown ? 'password' : 'text'}
          placeholder={placeholder}
          autoComplete={autoComplete}
          value={value}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? errorId : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        {password && (
          <button type="button" className="lk-input-eye" aria-label="显示密码" aria-pressed={shown} onClick={() => setShown((s) => !s)}>
            {shown ? <EyeOutlined /> : <EyeInvisibleOutlined />}
          </button>
        )}
      </span>
      {missing && (
        <div className="login-field-error" id={errorId}>
          {placeholder}
        </div>
      )}
    </div>
  );
}
