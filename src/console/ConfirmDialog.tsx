import { useId, useRef } from 'react';
import { useTranslation } from '../i18n/react';
import { Button } from '../components/Button';
import { useFocusTrap } from '../components/use-focus-trap';

/** "Are you sure?" for a change that cannot be undone: focus trapped, Escape cancels. */
export function ConfirmDialog({ title, message, confirm, onConfirm, onCancel }: { title: string; message: string; confirm: string; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const messageId = useId();
  useFocusTrap(ref, true, onCancel);
  return (
    <div className="kc-modal">
      <div className="kc-scrim" onClick={onCancel} aria-hidden="true" />
      <div ref={ref} role="alertdialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={messageId} className="card kc-dialog">
        <h2 id={titleId} className="kc-h2">
          {title}
        </h2>
        <p id={messageId}>{message}</p>
        <div className="kc-actions">
          <Button onClick={onConfirm} data-autofocus>
            {confirm}
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            {t('admin.cancel')}
          </Button>
        </div>
      </div>
    </div>
  );
}
