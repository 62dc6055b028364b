import { useId, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from '../i18n/react';
import { normaliseDigits } from '../lib/money';
import { Icon } from '../../shared/components/Icon';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  name: string;
  /** Server message for this field; shown under it with a leading '*'. */
  error?: string | null;
  /** Extra line under the field when it has no error (e.g. a general message). */
  note?: ReactNode;
  /** Numeric fields accept Burmese digits ၀-၉ and turn them into 0-9 as typed. */
  numeric?: boolean;
}

/** A numeric field's typed Burmese digits as 0-9, in place, before the caller's own onInput. */
function normaliseTyped(e: FormEvent<HTMLInputElement>): void {
  const el = e.currentTarget;
  const clean = normaliseDigits(el.value);
  if (clean !== el.value) el.value = clean;
}

export function Field({ label, name, error, note, numeric, type = 'text', onInput, ...rest }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  const [reveal, setReveal] = useState(false);
  const isPassword = type === 'password';

  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          name={name}
          type={isPassword && reveal ? 'text' : type}
          inputMode={numeric ? 'numeric' : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`field ${isPassword ? 'pr-12' : ''} ${error ? 'border-loss' : ''}`}
          onInput={(e) => {
            if (numeric) normaliseTyped(e);
            onInput?.(e);
          }}
          {...rest}
        />
        {isPassword ? <RevealButton reveal={reveal} onToggle={() => setReveal((v) => !v)} /> : null}
      </div>
      {error ? (
        <p id={errorId} className="field-error">
          *{error}
        </p>
      ) : (
        note
      )}
    </div>
  );
}

/** Shows or hides a password field's text. */
function RevealButton({ reveal, onToggle }: { reveal: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="absolute inset-y-0 right-0 flex w-11 items-center justify-center text-muted hover:text-fg"
      onClick={onToggle}
      aria-label={reveal ? t('auth.hidePassword') : t('auth.showPassword')}
      aria-pressed={reveal}
    >
      <Icon name={reveal ? 'eyeOff' : 'eye'} size={20} />
    </button>
  );
}
