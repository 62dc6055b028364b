import { useActorRef } from '@xstate/react';
import { useTranslation } from '../../i18n/react';
import { connectAuth, type AuthView } from '../../machines/auth/auth.connect';
import { connectTelegramLink, type TelegramLinkView } from '../../machines/telegram-link/telegram-link.connect';
import { connectTelegramSignIn } from '../../machines/telegram-sign-in/telegram-sign-in.connect';
import { useAuthActor, useProfileMachines, useTelegramSignIn } from '../../app/session';
import { useView } from '../../app/use-view';
import { Button } from '../../components/Button';
import { Icon } from '../../../shared/components/Icon';

/**
 * Whether Telegram signs this player in. Inside Telegram an unlinked player links the account the
 * app was opened from; a linked one may unlink once they have a password (else they would be
 * locked out). On the web, how to link.
 */
export function TelegramCard() {
  const { t } = useTranslation();
  const { user } = useView(useAuthActor(), connectAuth);
  const telegram = useTelegramSignIn();
  const linkActor = useActorRef(useProfileMachines().telegramLink);
  const link = useView(linkActor, connectTelegramLink);
  const linked = user?.telegram_linked === true;
  // The launch's initData is fixed for the launch: read once, nothing to follow.
  const initData = telegram ? connectTelegramSignIn(telegram.getSnapshot(), telegram.send).initData : null;

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
      {link.error ? (
        <p role="alert" className="field-error mt-2">
          {link.error}
        </p>
      ) : null}
      {!linked && initData ? (
        <Button className="mt-4 w-full sm:w-auto sm:px-6" busy={link.busy} onClick={() => link.link(initData)}>
          {t('telegram.link')}
        </Button>
      ) : null}
      {linked ? <Unlink link={link} user={user} /> : null}
    </section>
  );
}

/** Unlinking needs a password first (else the player could not log in any more). */
function Unlink({ link, user }: { link: TelegramLinkView; user: AuthView['user'] }) {
  const { t } = useTranslation();
  const noPassword = user?.has_password === false;
  return (
    <>
      <Button variant="outline" className="mt-4 w-full sm:w-auto sm:px-6" busy={link.busy} disabled={noPassword} onClick={link.unlink}>
        {t('telegram.unlink')}
      </Button>
      {noPassword ? <p className="mt-2 text-sm text-muted">{t('telegram.unlinkNeedsPassword')}</p> : null}
    </>
  );
}
