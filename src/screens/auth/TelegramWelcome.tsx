import { useRef, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { TelegramSignInActor } from '../../app/live-telegram';
import { translateMessage } from '../../app/messages';
import { readReferral } from '../../app/storage';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Field } from '../../components/Field';
import {
  selectNeedsReferral,
  selectReferralError,
  selectTelegramBusy,
  selectTelegramOffline,
} from '../../machines/telegram-sign-in/telegram-sign-in.selectors';
import { useMainButton } from '../../telegram/use-main-button';

/**
 * Inside Telegram, what the silent sign-in could not do alone: a new player gives the one thing
 * missing (the referral code; Telegram already vouches for who they are), or logs into an account
 * they have, which gets linked. When the server could not be reached: try again.
 */
export function TelegramWelcome({ actor }: { actor: TelegramSignInActor }) {
  const needsReferral = useSelector(actor, selectNeedsReferral);
  const offline = useSelector(actor, selectTelegramOffline);
  const busy = useSelector(actor, selectTelegramBusy);
  if (needsReferral || (busy && actor.getSnapshot().context.referralCode)) return <ReferralForm actor={actor} busy={busy} />;
  if (offline) return <Offline actor={actor} />;
  return null;
}

function ReferralForm({ actor, busy }: { actor: TelegramSignInActor; busy: boolean }) {
  const { t } = useTranslation();
  const refusal = useSelector(actor, selectReferralError);
  const error = refusal ? translateMessage(t, refusal) : null;
  const form = useRef<HTMLFormElement>(null);
  useMainButton({ text: t('telegram.createAccount'), enabled: true, busy, onClick: () => form.current?.requestSubmit() });

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get('referral_code') ?? '');
    actor.send({ type: 'referral.submit', code });
  };

  return (
    <Dialog title={t('telegram.welcomeTitle')} subtitle={t('telegram.welcomeHint')} onClose={() => actor.send({ type: 'dismiss' })}>
      <form ref={form} className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
        <Field
          label={t('auth.referralCode')}
          name="referral_code"
          autoComplete="off"
          required
          data-autofocus
          defaultValue={readReferral() ?? undefined}
          error={error ?? undefined}
        />
        <Button type="submit" busy={busy} className="tg-web-only mt-2 w-full">
          {t('telegram.createAccount')}
        </Button>
        <div className="text-center text-sm text-muted">
          <button
            type="button"
            className="min-h-11 px-1 font-semibold text-primary underline-offset-4 hover:underline"
            disabled={busy}
            onClick={() => actor.send({ type: 'login.choose' })}
          >
            {t('telegram.haveAccount')}
          </button>
          <p className="mt-1">{t('telegram.haveAccountHint')}</p>
        </div>
      </form>
    </Dialog>
  );
}

function Offline({ actor }: { actor: TelegramSignInActor }) {
  const { t } = useTranslation();
  return (
    <Dialog title={t('telegram.offlineTitle')} subtitle={t('telegram.offlineHint')} onClose={() => actor.send({ type: 'dismiss' })}>
      <div className="flex flex-col gap-3">
        <Button className="w-full" onClick={() => actor.send({ type: 'retry' })}>
          {t('telegram.retry')}
        </Button>
        <Button variant="ghost" className="w-full" onClick={() => actor.send({ type: 'dismiss' })}>
          {t('telegram.continueAsGuest')}
        </Button>
      </div>
    </Dialog>
  );
}
