import { useEffect, useRef, type FormEvent } from 'react';
import { useActorRef } from '@xstate/react';
import { useTranslation } from '../../i18n/react';
import { connectAuth } from '../../machines/auth/auth.connect';
import { connectChangePassword, type ChangePasswordView } from '../../machines/change-password/change-password.connect';
import { useAuthActor, useProfileMachines } from '../../app/session';
import { useView } from '../../app/use-view';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { Icon } from '../../../shared/components/Icon';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;
type PwField = (typeof FIELDS)[number];
type Mode = 'set' | 'change';

const LABELS: Record<PwField, 'profile.currentPassword' | 'profile.newPassword' | 'profile.confirmPassword'> = {
  current_password: 'profile.currentPassword',
  password: 'profile.newPassword',
  password_confirmation: 'profile.confirmPassword',
};

/**
 * Change password; for a player who signed up in Telegram and has none yet, set a first one (no
 * current password), so the web site works for them too.
 */
export function ChangePasswordForm() {
  const { user } = useView(useAuthActor(), connectAuth);
  const setting = user?.has_password === false;
  // A new actor when the mode flips (after a first password is set, the change form follows).
  return <PasswordForm key={setting ? 'set' : 'change'} mode={setting ? 'set' : 'change'} userName={user?.user_name ?? ''} />;
}

/** The request from the submitted form: without the current password when setting a first one. */
function readPasswords(form: HTMLFormElement, mode: Mode) {
  const data = new FormData(form);
  const value = (name: PwField) => String(data.get(name) ?? '');
  const input = { password: value('password'), password_confirmation: value('password_confirmation') };
  return mode === 'set' ? input : { current_password: value('current_password'), ...input };
}

function PasswordForm({ mode, userName }: { mode: Mode; userName: string }) {
  const { t } = useTranslation();
  const machines = useProfileMachines();
  const actor = useActorRef(mode === 'set' ? machines.setPassword : machines.changePassword);
  const view = useView(actor, connectChangePassword);
  const formRef = useRef<HTMLFormElement>(null);

  // A changed password must not linger in the inputs.
  useEffect(() => {
    if (view.succeeded) formRef.current?.reset();
  }, [view.succeeded]);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    view.submit(readPasswords(e.currentTarget, mode));
  };

  return (
    <section className="card p-5" aria-labelledby="password-title">
      <PasswordHeading mode={mode} failure={view.failure} />
      {mode === 'set' ? <p className="-mt-2 mb-4 text-sm text-muted">{t('profile.setPasswordHint', { userName })}</p> : null}
      <form ref={formRef} className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
        <PasswordFields mode={mode} view={view} />
        <Button type="submit" busy={view.busy} className="mt-1 w-full sm:w-auto sm:px-8">
          {mode === 'set' ? t('profile.savePassword') : t('profile.updatePassword')}
        </Button>
      </form>
    </section>
  );
}

/** The title and, after a failure, its text in a red badge beside it. */
function PasswordHeading({ mode, failure }: { mode: Mode; failure: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="mb-4 flex flex-wrap items-center gap-3">
      <h2 id="password-title" className="flex items-center gap-2 text-lg font-bold">
        <Icon name="lock" size={20} className="text-primary" />
        {mode === 'set' ? t('profile.setPassword') : t('profile.changePassword')}
      </h2>
      {failure ? (
        <span role="alert" className="rounded-full bg-loss px-3 py-1 text-sm font-medium text-bg">
          {failure}
        </span>
      ) : null}
    </div>
  );
}

function PasswordFields({ mode, view }: { mode: Mode; view: ChangePasswordView }) {
  const { t } = useTranslation();
  const fields = mode === 'set' ? FIELDS.filter((f) => f !== 'current_password') : FIELDS;
  return (
    <>
      {fields.map((name) => (
        <Field
          key={name}
          label={t(LABELS[name])}
          name={name}
          type="password"
          autoComplete={name === 'current_password' ? 'current-password' : 'new-password'}
          required
          error={view.fieldErrors[name]}
          onInput={() => view.edit(name)}
        />
      ))}
    </>
  );
}
