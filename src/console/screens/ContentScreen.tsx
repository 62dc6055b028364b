import { useActorRef, useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { Localised, Promotion } from '../../api/admin';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { LANGUAGES, NATIVE_NAMES } from '../../i18n/languages';
import type { consoleActionMachine } from '../../machines/console-action/console-action.machine';
import { selectActionBusy, selectActionFieldErrors, selectActionResult } from '../../machines/console-action/console-action.selectors';
import { useConsole } from '../context';
import { Loaded, type ResourceActor } from './Loaded';

type ActionActor = ActorRefFrom<typeof consoleActionMachine>;

function TitleForm({ promotion, onSaved }: { promotion: Promotion; onSaved: () => void }) {
  const { t } = useTranslation();
  const { admin, action } = useConsole();
  const actor: ActionActor = useActorRef(action<Localised>((title) => admin.savePromotionTitle(promotion.id, title), () => t('admin.saved'), onSaved));
  const busy = useSelector(actor, selectActionBusy);
  const result = useSelector(actor, selectActionResult);
  const errors = useSelector(actor, selectActionFieldErrors);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const title = Object.fromEntries(LANGUAGES.map((lng) => [lng, String(data.get(`title_${lng}`) ?? '')]));
    actor.send({ type: 'action.run', request: title });
  };
  return (
    <form className="card kc-pad kc-stack" onSubmit={submit} aria-label={t('admin.editing', { id: promotion.id })}>
      <h2 className="kc-h2">{t('admin.editing', { id: promotion.id })}</h2>
      {LANGUAGES.map((lng) => (
        <Field
          key={lng}
          label={t('admin.titleIn', { language: NATIVE_NAMES[lng] })}
          name={`title_${lng}`}
          lang={lng === 'mm' ? 'my' : lng}
          defaultValue={promotion.title?.[lng] ?? ''}
          maxLength={255}
          required={lng === 'en'}
          error={errors[`title_${lng}`]}
        />
      ))}
      <div className="kc-actions">
        <Button type="submit" busy={busy}>
          {t('admin.save')}
        </Button>
        {result ? (
          <span role="status" className={result.ok ? 'kc-good' : 'kc-bad'}>
            {result.message}
          </span>
        ) : null}
      </div>
    </form>
  );
}

/** Content: the promotions, each one's title in the four languages. */
export function ContentScreen() {
  const { t, i18n } = useTranslation();
  const { admin, resource } = useConsole();
  const actor: ResourceActor = useActorRef(resource(() => admin.promotions()));
  const promotions = useSelector(actor, (s) => (s.context.data as Promotion[] | null) ?? []);
  const [chosen, setChosen] = useState<number | null>(null);
  const current = promotions.find((p) => p.id === chosen) ?? promotions[0] ?? null;
  const lng = i18n.language as keyof Localised;
  return (
    <div className="kc-page">
      <div className="kc-page-head">
        <h1 className="kc-h1">{t('admin.contentTitle')}</h1>
      </div>
      <Loaded actor={actor}>
        <div className="kc-queue">
          <section className="card kc-list" aria-label={t('admin.contentTitle')}>
            {promotions.length === 0 ? <p className="kc-empty">{t('admin.noPromotions')}</p> : null}
            <ul className="kc-rows">
              {promotions.map((p) => (
                <li key={p.id}>
                  <button type="button" className={`kc-row${p.id === current?.id ? ' kc-active' : ''}`} aria-pressed={p.id === current?.id} onClick={() => setChosen(p.id)}>
                    <span className="kc-row-main">
                      <span>
                        #{p.id} · {p.title?.[lng] || p.title?.en}
                      </span>
                    </span>
                    <span className="kc-muted kc-small">{p.status === 1 ? t('admin.shown') : t('admin.hidden')}</span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
          {current ? <TitleForm key={current.id} promotion={current} onSaved={() => actor.send({ type: 'resource.refresh' })} /> : null}
        </div>
      </Loaded>
    </div>
  );
}
