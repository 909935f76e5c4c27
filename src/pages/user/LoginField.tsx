import type { InputProps } from 'antd';
import type { ComponentType, ReactNode } from 'react';

interface LoginFieldProps {
  Control: ComponentType<InputProps>;
  icon: ReactNode;
  placeholder: string;
  autoComplete: string;
  value: string;
  missing?: boolean;
  onChange: (value: string) => void;
}

/** One input of the login form with its own 'required' message (the placeholder says what is missing). */
export function LoginField({ Control, icon, placeholder, autoComplete, value, missing, onChange }: LoginFieldProps) {
  return (
    <div className="login-field">
      <Control
        size="large"
        prefix={icon}
        placeholder={placeholder}
        autoComplete={autoComplete}
        value={value}
        status={missing ? 'error' : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {missing && <div className="login-field-error">{placeholder}</div>}
    </div>
  );
}
