import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectUser } from '../../machines/auth/auth.selectors';
import { selectLinkBusy, selectLinkError } from '../../machines/telegram-link/telegram-link.selectors';
import { useAuth, useMachines, useTelegramSignIn } from '../../app/session';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';

/**
 * Whether Telegram signs this player in. Inside Telegram an unlinked player links the account the
 * app was opened from; a linked one may unlink once they have a password (else they would be
 * locked out). On the web, how to link.
 */
export function TelegramCard() {
  const { t } = useTranslation();
  const user = useAuth(selectUser);
  const telegram = useTelegramSignIn();
  const actor = useActorRef(useMachines().telegramLink);
  const busy = useSelector(actor, selectLinkBusy);
  const error = useSelector(actor, selectLinkError);
  const linked = user?.telegram_linked === true;
  const initData = telegram?.getSnapshot().context.initData ?? null;

  return (
    <section className="card p-5" aria-labelledby="telegram-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="telegram-title" className="flex items-center gap-2 text-lg font-bold">
          <Icon name="telegram" size={20} className="text-primary" />
          {t('telegram.cardTitle')}
        </h2>
        <span className={`rounded-full px-3 py-1 text-sm font-medium ${linked ? 'border border-primary bg-raised text-primary' : 'border border-line bg-raised text-muted'}`}>
          {linked ? t('telegram.statusLinkedShort') : t('telegram.statusNotLinked')}
        </span>
      </div>
      <p className="mt-3 text-sm text-muted">{linked ? t('telegram.statusLinked') : initData ? null : t('telegram.linkHint')}</p>
      {error ? (
        <p role="alert" className="field-error mt-2">
          {error}
        </p>
      ) : null}
      {!linked && initData ? (
        <Button className="mt-4 w-full sm:w-auto sm:px-6" busy={busy} onClick={() => actor.send({ type: 'link', initData })}>
          {t('telegram.link')}
        </Button>
      ) : null}
      {linked ? (
        <>
          <Button variant="outline" className="mt-4 w-full sm:w-auto sm:px-6" busy={busy} disabled={user?.has_password === false} onClick={() => actor.send({ type: 'unlink' })}>
            {t('telegram.unlink')}
          </Button>
          {user?.has_password === false ? <p className="mt-2 text-sm text-muted">{t('telegram.unlinkNeedsPassword')}</p> : null}
        </>
      ) : null}
    </section>
  );
}
