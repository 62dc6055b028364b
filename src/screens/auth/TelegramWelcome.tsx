import { useRef, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import type { TelegramSignInActor } from '../../app/live-telegram';
import { translateMessage } from '../../app/messages';
import { readReferral } from '../../app/storage';
import { useView } from '../../app/use-view';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Field } from '../../components/Field';
import { connectTelegramSignIn, type TelegramSignInView } from '../../machines/telegram-sign-in/telegram-sign-in.connect';
import { useMainButton } from '../../telegram/use-main-button';

/**
 * Inside Telegram, what the silent sign-in could not do alone: a new player gives the one thing
 * missing (the referral code; Telegram already vouches for who they are), or logs into an account
 * they have, which gets linked. When the server could not be reached: try again.
 */
export function TelegramWelcome({ actor }: { actor: TelegramSignInActor }) {
  const view = useView(actor, connectTelegramSignIn);
  if (view.referralFormOpen) return <ReferralForm view={view} />;
  if (view.offline) return <Offline view={view} />;
  return null;
}

function ReferralForm({ view }: { view: TelegramSignInView }) {
  const { t } = useTranslation();
  const { busy, referralError } = view;
  const error = referralError ? translateMessage(t, referralError) : null;
  const form = useRef<HTMLFormElement>(null);
  useMainButton({ text: t('telegram.createAccount'), enabled: true, busy, onClick: () => form.current?.requestSubmit() });

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    view.submitReferral(String(new FormData(e.currentTarget).get('referral_code') ?? ''));
  };

  return (
    <Dialog title={t('telegram.welcomeTitle')} subtitle={t('telegram.welcomeHint')} onClose={view.dismiss}>
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
        <HaveAccount busy={busy} onChoose={view.chooseLogin} />
      </form>
    </Dialog>
  );
}

/** An existing player logs in instead (the account gets linked). */
function HaveAccount({ busy, onChoose }: { busy: boolean; onChoose: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="text-center text-sm text-muted">
      <button type="button" className="min-h-11 px-1 font-semibold text-primary underline-offset-4 hover:underline" disabled={busy} onClick={onChoose}>
        {t('telegram.haveAccount')}
      </button>
      <p className="mt-1">{t('telegram.haveAccountHint')}</p>
    </div>
  );
}

function Offline({ view }: { view: TelegramSignInView }) {
  const { t } = useTranslation();
  return (
    <Dialog title={t('telegram.offlineTitle')} subtitle={t('telegram.offlineHint')} onClose={view.dismiss}>
      <div className="flex flex-col gap-3">
        <Button className="w-full" onClick={view.retry}>
          {t('telegram.retry')}
        </Button>
        <Button variant="ghost" className="w-full" onClick={view.dismiss}>
          {t('telegram.continueAsGuest')}
        </Button>
      </div>
    </Dialog>
  );
}
