import { useRef, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { connectAuth } from '../../machines/auth/auth.connect';
import { useAuthActor } from '../../app/session';
import { useView } from '../../app/use-view';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Field } from '../../components/Field';
import { useMainButton } from '../../telegram/use-main-button';
import { readFields } from './form-data';
import { SwitchPrompt } from './SwitchPrompt';

const FIELDS = ['user_name', 'password'] as const;

export function LoginDialog() {
  const { t } = useTranslation();
  const { busy, fieldErrors: errors, generalError: general, login, closeModal, openRegister } = useView(useAuthActor(), connectAuth);
  // Telegram's MainButton submits the form itself: the fields are read from it.
  const form = useRef<HTMLFormElement>(null);
  useMainButton({ text: t('auth.login'), enabled: true, busy, onClick: () => form.current?.requestSubmit() });

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // A phone number typed in Burmese digits is still a phone number.
    login(readFields(e.currentTarget, FIELDS, ['user_name']));
  };

  return (
    <Dialog title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')} onClose={closeModal}>
      <form ref={form} className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
        <Field
          label={t('auth.userName')}
          name="user_name"
          autoComplete="username"
          required
          data-autofocus
          error={errors.user_name}
          note={general ? <p className="field-error" role="alert">{general}</p> : null}
        />
        <Field label={t('auth.password')} name="password" type="password" autoComplete="current-password" required error={errors.password} />
        <Button type="submit" busy={busy} className="tg-web-only mt-2 w-full">
          {t('auth.login')}
        </Button>
        <SwitchPrompt question={t('auth.noAccount')} action={t('auth.joinNow')} onClick={openRegister} />
      </form>
    </Dialog>
  );
}
