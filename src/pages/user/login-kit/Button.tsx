import { LoadingOutlined } from '@ant-design/icons';
import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react';
import './kit.css';

interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** The filled button in the theme's colour (antd's type="primary"). */
  primary?: boolean;
  large?: boolean;
  block?: boolean;
  /** A spinner before the text; clicks (and so submitting) do nothing meanwhile. */
  loading?: boolean;
  icon?: ReactNode;
  type?: 'button' | 'submit';
}

/** A button of the login forms in a plain element, styled like antd's (kit.css): primary or default, large, block, loading, disabled. */
export function Button({ primary, large, block, loading, icon, type = 'button', className, onClick, children, ...rest }: ButtonProps) {
  const classes = [
    'lk-button',
    primary && 'lk-button-primary',
    large && 'lk-button-large',
    block && 'lk-button-block',
    loading && 'lk-button-loading',
    className,
  ];
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) event.preventDefault();
    else onClick?.(event);
  };
  return (
    <button {...rest} type={type} className={classes.filter(Boolean).join(' ')} aria-busy={loading || undefined} onClick={click}>
      {loading ? <LoadingOutlined spin aria-hidden /> : icon && <span aria-hidden>{icon}</span>}
      <span>{children}</span>
    </button>
  );
}
