import { useEffect, useId, type ChangeEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { MediaLimits } from '../../../api/admin';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import type { MediaPreview, MediaRefusal } from '../../../machines/content-editor/content-editor.machine';
import { formatBytes, type KindField } from './kinds';

type MediaFieldDef = Extract<KindField, { type: 'media' }>;

const ACCEPT = { image: 'image/png,image/jpeg,image/webp,image/gif', video: 'video/mp4,video/webm' } as const;

interface Props {
  def: MediaFieldDef;
  value: string;
  preview: MediaPreview | undefined;
  refusal: MediaRefusal | undefined;
  error: string | undefined;
  uploading: boolean;
  disabled: boolean;
  limits: MediaLimits;
  shape: 'wide' | 'card' | 'square' | 'tall';
  /** A video's poster (the row's poster image), shown before it plays. */
  poster?: string;
  onChoose: (file: File, preview: string) => void;
  onRemove: () => void;
}

/** What players will see, at the kind's fixed shape, veiled while the file uploads. */
function Preview({ def, src, poster, shape, uploading }: { def: MediaFieldDef; src: string; poster?: string; shape: Props['shape']; uploading: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={`kc-cm-preview kc-cm-shape-${shape}`} data-testid={`preview-${def.field}`}>
      {src ? (
        def.allow === 'video' ? (
          <video src={src} poster={poster || undefined} muted controls preload="metadata" aria-label={t('admin.contentPreviewOf', { what: t(def.label) })} />
        ) : (
          <img src={src} alt={t('admin.contentPreviewOf', { what: t(def.label) })} />
        )
      ) : (
        <span className="kc-muted kc-small">{t('admin.contentNoFile')}</span>
      )}
      {uploading ? (
        <span className="kc-cm-veil" role="status">
          <Spinner size={24} label={t('admin.contentUploading')} />
        </span>
      ) : null}
    </div>
  );
}

/** The picker (choose or replace) and, for an optional field holding a file, Remove. */
function Picker({ def, src, value, disabled, limitsId, onChoose, onRemove }: { def: MediaFieldDef; src: string; value: string; disabled: boolean; limitsId: string } & Pick<Props, 'onChoose' | 'onRemove'>) {
  const { t } = useTranslation();
  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.currentTarget.files?.[0];
    e.currentTarget.value = '';
    if (file) onChoose(file, URL.createObjectURL(file));
  };
  return (
    <div className="kc-actions">
      <label className={`btn-outline kc-cm-file${disabled ? ' kc-cm-disabled' : ''}`}>
        <input className="kc-sr" type="file" name={def.file} accept={ACCEPT[def.allow]} disabled={disabled} onChange={choose} aria-describedby={limitsId} />
        {src ? t('admin.contentReplaceFile') : t(def.allow === 'image' ? 'admin.contentChooseImage' : 'admin.contentChooseVideo')}
      </label>
      {!def.required && value ? (
        <Button variant="ghost" disabled={disabled} onClick={onRemove}>
          {t('admin.contentRemoveFile')}
        </Button>
      ) : null}
    </div>
  );
}

/** An image or video of the row: what players will see (fixed size), the limits, a picker, refusals. */
export function MediaField({ def, value, preview, refusal, error, uploading, disabled, limits, shape, poster, onChoose, onRemove }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const src = preview?.src ?? value;
  // A local preview (blob:) is released once it is replaced or the editor closes.
  useEffect(() => () => (src.startsWith('blob:') ? URL.revokeObjectURL(src) : undefined), [src]);
  const refused = refusal
    ? refusal.code === 'size'
      ? t('admin.contentRefusedSize', { max: formatBytes(refusal.max) })
      : t(refusal.allow === 'image' ? 'admin.contentRefusedImage' : 'admin.contentRefusedVideo')
    : null;
  const problem = refused ?? error ?? null;
  return (
    <fieldset className="kc-cm-media" aria-describedby={`${id}-limits`}>
      <legend className="label">
        {t(def.label)}
        {def.required ? <span className="kc-muted"> *</span> : null}
      </legend>
      <Preview def={def} src={src} poster={poster} shape={shape} uploading={uploading} />
      {preview ? (
        <p className="kc-small kc-cm-fileinfo">
          <span className="kc-cm-filename">{preview.name}</span> · {formatBytes(preview.size)} · {preview.mime}
          {preview.stored ? <span className="kc-good"> · {t('admin.contentUploaded')}</span> : null}
        </p>
      ) : null}
      <p id={`${id}-limits`} className="kc-muted kc-small">
        {t(def.allow === 'image' ? 'admin.contentLimitsImage' : 'admin.contentLimitsVideo', { size: formatBytes(limits[def.allow]) })}
      </p>
      <Picker def={def} src={src} value={value} disabled={disabled} limitsId={`${id}-limits`} onChoose={onChoose} onRemove={onRemove} />
      {problem ? (
        <p className="kc-bad kc-small" role="alert">
          * {problem}
        </p>
      ) : null}
    </fieldset>
  );
}
