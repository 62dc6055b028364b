import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import type { BroadcastDraftInput, BroadcastLang } from '../../api/admin-broadcast';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import type { BroadcastView } from '../../machines/broadcast/broadcast.connect';
import { NATIVE_NAMES } from '../../../shared/languages';
import { START_PAGES } from '../../../shared/start-param';

const LANGS: BroadcastLang[] = ['en', 'mm', 'zh', 'th'];
const PAGE_LABEL = {
  '2d': 'admin.broadcastPage2d',
  digitbet: 'admin.broadcastPageDigitbet',
  shan: 'admin.broadcastPageShan',
  deposit: 'admin.broadcastPageDeposit',
  promotion: 'admin.broadcastPagePromotion',
  games: 'admin.broadcastPageGames',
} as const satisfies Record<(typeof START_PAGES)[number], string>;
type Target = 'none' | 'page' | 'url';

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

/** The form's fields as the server takes them (empty ones left out). */
function draftOf(form: FormData, target: Target): BroadcastDraftInput {
  const draft: BroadcastDraftInput = {};
  for (const lang of LANGS) draft[`text_${lang}`] = text(form, `text_${lang}`);
  if (target !== 'none') {
    for (const lang of LANGS) draft[`button_${lang}`] = text(form, `button_${lang}`);
    if (target === 'page') draft.button_page = text(form, 'button_page');
    else draft.button_url = text(form, 'button_url');
  }
  if (text(form, 'agent_code')) draft.agent_code = text(form, 'agent_code');
  return draft;
}

function TextArea({ name, label, error, disabled }: { name: string; label: string; error?: string; disabled: boolean }) {
  const id = `kc-bc-${name}`;
  return (
    <div>
      <label className="label" htmlFor={id}>
        {label}
      </label>
      <textarea id={id} name={name} className="field kc-bc-text" rows={4} maxLength={4096} disabled={disabled} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      {error ? (
        <p id={`${id}-error`} className="field-error">
          *{error}
        </p>
      ) : null}
    </div>
  );
}

/** The message in four languages, the image, the button and the audience; "send me a preview" saves it. */
// Long because it is one form: four texts, the image, the button's labels and target, the agent and the preview chat, read together on submit.
export function BroadcastForm({ view }: { view: BroadcastView }) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<Target>('none');
  const errors = view.error?.fieldErrors ?? {};
  const locked = view.locked;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const file = form.get('image_file');
    view.preview({ draft: draftOf(form, target), file: file instanceof Blob && file.size > 0 ? file : null, chatId: text(form, 'chat_id') });
  };
  return (
    <form className="card kc-pad kc-stack" onSubmit={submit} onChange={view.step === 'previewed' ? view.edit : undefined} aria-label={t('admin.broadcastCompose')}>
      <h2 className="kc-h2">{t('admin.broadcastCompose')}</h2>
      {LANGS.map((lang) => (
        <TextArea key={lang} name={`text_${lang}`} label={t('admin.broadcastText', { language: NATIVE_NAMES[lang] })} error={errors[`text_${lang}`]} disabled={locked} />
      ))}
      <div>
        <label className="label" htmlFor="kc-bc-image">
          {t('admin.broadcastImage')}
        </label>
        <input id="kc-bc-image" name="image_file" type="file" accept="image/png,image/jpeg,image/webp,image/gif" className="field" disabled={locked} />
      </div>
      <div>
        <label className="label" htmlFor="kc-bc-target">
          {t('admin.broadcastButton')}
        </label>
        <select id="kc-bc-target" className="field" value={target} onChange={(e) => setTarget(e.currentTarget.value as Target)} disabled={locked}>
          <option value="none">{t('admin.broadcastButtonNone')}</option>
          <option value="page">{t('admin.broadcastButtonPage')}</option>
          <option value="url">{t('admin.broadcastButtonUrl')}</option>
        </select>
      </div>
      {target === 'page' ? (
        <div>
          <label className="label" htmlFor="kc-bc-page">
            {t('admin.broadcastPage')}
          </label>
          <select id="kc-bc-page" name="button_page" className="field" disabled={locked}>
            {START_PAGES.map((page) => (
              <option key={page} value={page}>
                {t(PAGE_LABEL[page])}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {target === 'url' ? <Field label={t('admin.broadcastUrl')} name="button_url" type="url" placeholder="https://" disabled={locked} error={errors.button_url} /> : null}
      {target !== 'none'
        ? LANGS.map((lang) => (
            <Field key={lang} label={t('admin.broadcastButtonText', { language: NATIVE_NAMES[lang] })} name={`button_${lang}`} maxLength={64} disabled={locked} error={errors[`button_${lang}`]} />
          ))
        : null}
      <Field label={t('admin.broadcastAgent')} name="agent_code" maxLength={32} disabled={locked} error={errors.agent_code} note={<p className="kc-muted kc-small">{t('admin.broadcastAgentNote')}</p>} />
      <Field label={t('admin.broadcastChat')} name="chat_id" inputMode="numeric" required disabled={locked} error={errors.chat_id} note={<p className="kc-muted kc-small">{t('admin.broadcastChatNote')}</p>} />
      <div className="kc-actions">
        <Button type="submit" busy={view.step === 'editing' && view.busy} disabled={locked}>
          {t('admin.broadcastPreview')}
        </Button>
      </div>
    </form>
  );
}
