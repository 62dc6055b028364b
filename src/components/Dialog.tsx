import { useEffect, useId, useRef, type ReactNode } from 'react';
import { holdSheet } from '../lib/open-sheets';
import { useTranslation } from '../i18n/react';
import { Icon } from '../../shared/components/Icon';
import { useFocusTrap } from './use-focus-trap';

interface Props {
  title: string;
  subtitle?: string;
  onClose: () => void;
  children: ReactNode;
  /** Whether the pop-up ad must wait while this is open (every dialog but the ad itself). */
  countsAsSheet?: boolean;
}

/** A modal dialog: a bottom sheet on phones, a centred card on wider screens. */
export function Dialog({ title, subtitle, onClose, children, countsAsSheet = true }: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useFocusTrap(ref, true, onClose);
  useEffect(() => (countsAsSheet ? holdSheet() : undefined), [countsAsSheet]);

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center sm:items-center sm:p-4">
      <div className="kp-fade-in absolute inset-0 bg-scrim" onClick={onClose} aria-hidden="true" />
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="kp-pop-in relative w-full max-w-md max-h-[calc(var(--kp-vh)-var(--kp-safe-top)-8px)] overflow-y-auto rounded-t-3xl border border-line bg-surface px-5 pt-5 pb-[calc(20px+var(--kp-safe-bottom))] shadow-2xl sm:rounded-3xl sm:pb-6"
      >
        <div className="mb-5 flex items-start justify-between gap-3">
          <div>
            <h2 id={titleId} className="text-xl font-bold">
              {title}
            </h2>
            {subtitle ? <p className="mt-1 text-sm text-muted">{subtitle}</p> : null}
          </div>
          <button type="button" className="icon-btn -mr-2 -mt-2 shrink-0" onClick={onClose} aria-label={t('btn.close')}>
            <Icon name="close" />
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
