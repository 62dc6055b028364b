import { useEffect, useId, useRef } from 'react';
import { holdSheet } from '../lib/open-sheets';
import { useTranslation } from '../i18n/react';
import { Icon } from '../../shared/components/Icon';
import { useFocusTrap } from './use-focus-trap';

/**
 * An accessible stand-in for the browser's alert(): a modal `alertdialog` with one OK button,
 * focused on open, closed by OK, Escape or the scrim.
 */
export function AlertDialog({ title, message, onClose }: { title: string; message: string; onClose: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const messageId = useId();
  useFocusTrap(ref, true, onClose);
  useEffect(() => holdSheet(), []);
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <div className="kp-fade-in absolute inset-0 bg-scrim" onClick={onClose} aria-hidden="true" />
      <div
        ref={ref}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
        className="kp-pop-in relative flex w-full max-w-sm flex-col items-center gap-3 rounded-3xl border border-line bg-surface p-6 text-center shadow-2xl"
      >
        <span className="flex h-12 w-12 items-center justify-center rounded-full bg-raised text-loss">
          <Icon name="alert" size={24} />
        </span>
        <h2 id={titleId} className="text-lg font-bold">
          {title}
        </h2>
        <p id={messageId} className="text-muted">
          {message}
        </p>
        <button type="button" className="btn-primary mt-2 w-full" onClick={onClose} data-autofocus>
          {t('btn.ok')}
        </button>
      </div>
    </div>
  );
}
