import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';

/** An optional receipt image: a picker button, the chosen file's name and a small preview. */
export function ReceiptPicker({ file, error, onChoose, disabled }: { file: File | null; error?: string; onChoose: (file: File | null) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const preview = usePreviewUrl(file);
  return (
    <div>
      <p className="label" id={`${id}-label`}>
        {t('cashier.receipt')}
      </p>
      <div className="flex items-center gap-3">
        {preview ? (
          <img src={preview} alt={t('cashier.receiptPreview')} width={56} height={56} className="h-14 w-14 shrink-0 rounded-xl border border-line object-cover" />
        ) : (
          <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded-xl border border-dashed border-line text-muted" aria-hidden="true">
            <Icon name="image" />
          </span>
        )}
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
          {file ? (
            <p className="mt-1 flex items-center gap-1 text-sm text-muted">
              <span className="min-w-0 truncate">{file.name}</span>
              <button type="button" className="icon-btn shrink-0" onClick={() => onChoose(null)} aria-label={t('cashier.removeReceipt')} disabled={disabled}>
                <Icon name="close" size={16} />
              </button>
            </p>
          ) : null}
        </div>
      </div>
      {error ? <p className="field-error">*{error}</p> : null}
    </div>
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
