import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { Icon } from '../../../shared/components/Icon';

interface Props {
  file: File | null;
  error?: string;
  onChoose: (file: File | null) => void;
  disabled?: boolean;
}

/** An optional receipt image: a picker button, the chosen file's name and a small preview. */
export function ReceiptPicker({ file, error, onChoose, disabled }: Props) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div>
      <p className="label" id={`${id}-label`}>
        {t('cashier.receipt')}
      </p>
      <div className="flex items-center gap-3">
        <ReceiptPreview file={file} />
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className={`btn-outline px-4 ${disabled ? 'pointer-events-none opacity-60' : 'cursor-pointer'}`}>
            <Icon name="image" size={18} />
            {file ? t('cashier.changeReceipt') : t('cashier.chooseReceipt')}
          </label>
          <input
            id={id}
            type="file"
            accept="image/*"
            className="sr-only"
            aria-labelledby={`${id}-label`}
            disabled={disabled}
            onChange={(e) => {
              const chosen = e.currentTarget.files?.[0];
              // Cleared so that picking the same file again after removing it still counts.
              e.currentTarget.value = '';
              if (chosen) onChoose(chosen);
            }}
          />
          {file ? <ChosenFile name={file.name} onRemove={() => onChoose(null)} disabled={disabled} /> : null}
        </div>
      </div>
      {error ? <p className="field-error">*{error}</p> : null}
    </div>
  );
}

/** The chosen image, small; an empty frame before one is chosen. */
function ReceiptPreview({ file }: { file: File | null }) {
  const { t } = useTranslation();
  const preview = usePreviewUrl(file);
  if (preview) {
    return <img src={preview} alt={t('cashier.receiptPreview')} width={56} height={56} className="h-14 w-14 shrink-0 rounded-xl border border-line object-cover" />;
  }
  return (
    <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded-xl border border-dashed border-line text-muted" aria-hidden="true">
      <Icon name="image" />
    </span>
  );
}

function ChosenFile({ name, onRemove, disabled }: { name: string; onRemove: () => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <p className="mt-1 flex items-center gap-1 text-sm text-muted">
      <span className="min-w-0 truncate">{name}</span>
      <button type="button" className="icon-btn shrink-0" onClick={onRemove} aria-label={t('cashier.removeReceipt')} disabled={disabled}>
        <Icon name="close" size={16} />
      </button>
    </p>
  );
}

/** An object URL for the preview, released when the file changes or the picker goes away. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}
