import { useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { selectFieldErrors, selectGeneralError, selectIsBusy } from '../../machines/auth/auth.selectors';
import { useAuth, useAuthActor } from '../../app/session';
import { readReferral } from '../../app/storage';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Field } from '../../components/Field';
import { useMainButton } from '../../telegram/use-main-button';
import { readFields } from './form-data';

const FIELDS = ['name', 'phone', 'password', 'password_confirmation', 'referral_code'] as const;

export function RegisterDialog() {
  const { t } = useTranslation();
  const actor = useAuthActor();
  const busy = useAuth(selectIsBusy);
  const errors = useAuth(selectFieldErrors);
  const general = useAuth(selectGeneralError);
  // Telegram's MainButton submits the form itself: the fields are read from it.
  const form = useRef<HTMLFormElement>(null);
  useMainButton({ text: t('auth.joinNow'), enabled: true, busy, onClick: () => form.current?.requestSubmit() });

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    actor.send({ type: 'register.submit', input: readFields(e.currentTarget, FIELDS, ['phone']) });
  };

  return (
    <Dialog title={t('auth.registerTitle')} subtitle={t('auth.registerSubtitle')} onClose={() => actor.send({ type: 'modal.close' })}>
      <form ref={form} className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
        <Field label={t('auth.name')} name="name" autoComplete="name" required data-autofocus error={errors.name} />
        <Field label={t('auth.phone')} name="phone" type="tel" numeric autoComplete="tel" required error={errors.phone} />
        <Field label={t('auth.password')} name="password" type="password" autoComplete="new-password" required error={errors.password} />
        <Field
          label={t('auth.passwordConfirmation')}
          name="password_confirmation"
          type="password"
          autoComplete="new-password"
          required
          error={errors.password_confirmation}
        />
        <Field label={t('auth.referralCode')} name="referral_code" autoComplete="off" required defaultValue={readReferral() ?? undefined} error={errors.referral_code} />
        {general ? (
          <p className="field-error" role="alert">
            {general}
          </p>
        ) : null}
        <Button type="submit" busy={busy} className="tg-web-only mt-2 w-full">
          {t('auth.joinNow')}
        </Button>
        <p className="text-center text-sm text-muted">
          {t('auth.haveAccount')}{' '}
          <button type="button" className="min-h-11 px-1 font-semibold text-primary underline-offset-4 hover:underline" onClick={() => actor.send({ type: 'modal.open', modal: 'login' })}>
            {t('auth.login')}
          </button>
        </p>
      </form>
    </Dialog>
  );
}
