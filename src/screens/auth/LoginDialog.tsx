import { useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { selectFieldErrors, selectGeneralError, selectIsBusy } from '../../machines/auth/auth.selectors';
import { useAuth, useAuthActor } from '../../app/session';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Field } from '../../components/Field';
import { useMainButton } from '../../telegram/use-main-button';
import { readFields } from './form-data';

const FIELDS = ['user_name', 'password'] as const;

export function LoginDialog() {
  const { t } = useTranslation();
  const actor = useAuthActor();
  const busy = useAuth(selectIsBusy);
  const errors = useAuth(selectFieldErrors);
  const general = useAuth(selectGeneralError);
  // Telegram's MainButton submits the form itself: the fields are read from it.
  const form = useRef<HTMLFormElement>(null);
  useMainButton({ text: t('auth.login'), enabled: true, busy, onClick: () => form.current?.requestSubmit() });

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // A phone number typed in Burmese digits is still a phone number.
    actor.send({ type: 'login.submit', input: readFields(e.currentTarget, FIELDS, ['user_name']) });
  };

  return (
    <Dialog title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')} onClose={() => actor.send({ type: 'modal.close' })}>
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
        <p className="text-center text-sm text-muted">
          {t('auth.noAccount')}{' '}
          <button type="button" className="min-h-11 px-1 font-semibold text-primary underline-offset-4 hover:underline" onClick={() => actor.send({ type: 'modal.open', modal: 'register' })}>
            {t('auth.joinNow')}
          </button>
        </p>
      </form>
    </Dialog>
  );
}
