import { useRef, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { connectAuth, type AuthView } from '../../machines/auth/auth.connect';
import { useAuthActor } from '../../app/session';
import { useView } from '../../app/use-view';
import { readReferral } from '../../app/storage';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Field } from '../../components/Field';
import { useMainButton } from '../../telegram/use-main-button';
import { readFields } from './form-data';
import { SwitchPrompt } from './SwitchPrompt';

const FIELDS = ['name', 'phone', 'password', 'password_confirmation', 'referral_code'] as const;

export function RegisterDialog() {
  const { t } = useTranslation();
  const view = useView(useAuthActor(), connectAuth);
  // Telegram's MainButton submits the form itself: the fields are read from it.
  const form = useRef<HTMLFormElement>(null);
  useMainButton({ text: t('auth.joinNow'), enabled: true, busy: view.busy, onClick: () => form.current?.requestSubmit() });

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    view.register(readFields(e.currentTarget, FIELDS, ['phone']));
  };

  return (
    <Dialog title={t('auth.registerTitle')} subtitle={t('auth.registerSubtitle')} onClose={view.closeModal}>
      <form ref={form} className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
        <RegisterFields errors={view.fieldErrors} />
        {view.generalError ? (
          <p className="field-error" role="alert">
            {view.generalError}
          </p>
        ) : null}
        <Button type="submit" busy={view.busy} className="tg-web-only mt-2 w-full">
          {t('auth.joinNow')}
        </Button>
        <SwitchPrompt question={t('auth.haveAccount')} action={t('auth.login')} onClick={view.openLogin} />
      </form>
    </Dialog>
  );
}

function RegisterFields({ errors }: { errors: AuthView['fieldErrors'] }) {
  const { t } = useTranslation();
  return (
    <>
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
    </>
  );
}
