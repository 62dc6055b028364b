import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './Spinner';

type Variant = 'primary' | 'outline' | 'ghost';

interface Props extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  /** Busy: shows a spinner, disables the button and tells assistive tech. */
  busy?: boolean;
}

const VARIANT: Record<Variant, string> = { primary: 'btn-primary', outline: 'btn-outline', ghost: 'btn-ghost' };

export function Button({ variant = 'primary', busy = false, disabled, className = '', children, type = 'button', ...rest }: Props) {
  return (
    <button type={type} className={`${VARIANT[variant]} ${className}`} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy ? <Spinner size={18} /> : null}
      {children}
    </button>
  );
}
