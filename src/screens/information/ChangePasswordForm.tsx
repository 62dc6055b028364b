import { useEffect, useRef, type FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { useTranslation } from 'react-i18next';
import { selectPwBusy, selectPwFieldErrors, selectPwMessage, selectPwSucceeded } from '../../machines/change-password/change-password.selectors';
import type { changePasswordMachine } from '../../machines/change-password/change-password.machine';
import { selectUser } from '../../machines/auth/auth.selectors';
import { useAuth, useMachines } from '../../app/session';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { Icon } from '../../components/Icon';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;
type PwField = (typeof FIELDS)[number];

const LABELS: Record<PwField, 'profile.currentPassword' | 'profile.newPassword' | 'profile.confirmPassword'> = {
  current_password: 'profile.currentPassword',
  password: 'profile.newPassword',
  password_confirmation: 'profile.confirmPassword',
};

/** The failure text (401 "Old Password is incorrect", network, unexpected), only while failed. */
const selectPwFailure = (s: SnapshotFrom<typeof changePasswordMachine>) => (s.hasTag('error') ? selectPwMessage(s) : null);

/**
 * Change password; for a player who signed up in Telegram and has none yet, set a first one (no
 * current password), so the web site works for them too.
 */
export function ChangePasswordForm() {
  const user = useAuth(selectUser);
  const setting = user?.has_password === false;
  // A new actor when the mode flips (after a first password is set, the change form follows).
  return <PasswordForm key={setting ? 'set' : 'change'} mode={setting ? 'set' : 'change'} userName={user?.user_name ?? ''} />;
}

function PasswordForm({ mode, userName }: { mode: 'set' | 'change'; userName: string }) {
  const { t } = useTranslation();
  const machines = useMachines();
  const actor = useActorRef(mode === 'set' ? machines.setPassword : machines.changePassword);
  const fields = mode === 'set' ? FIELDS.filter((f) => f !== 'current_password') : FIELDS;
  const busy = useSelector(actor, selectPwBusy);
  const errors = useSelector(actor, selectPwFieldErrors);
  const failure = useSelector(actor, selectPwFailure);
  const succeeded = useSelector(actor, selectPwSucceeded);
  const formRef = useRef<HTMLFormElement>(null);

  // A changed password must not linger in the inputs.
  useEffect(() => {
    if (succeeded) formRef.current?.reset();
  }, [succeeded]);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const value = (name: PwField) => String(data.get(name) ?? '');
    const input = { password: value('password'), password_confirmation: value('password_confirmation') };
    actor.send({ type: 'password.submit', input: mode === 'set' ? input : { current_password: value('current_password'), ...input } });
  };

  return (
    <section className="card p-5" aria-labelledby="password-title">
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
      {mode === 'set' ? <p className="-mt-2 mb-4 text-sm text-muted">{t('profile.setPasswordHint', { userName })}</p> : null}
      <form ref={formRef} className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
        {fields.map((name) => (
          <Field
            key={name}
            label={t(LABELS[name])}
            name={name}
            type="password"
            autoComplete={name === 'current_password' ? 'current-password' : 'new-password'}
            required
            error={errors[name]}
            onInput={() => actor.send({ type: 'form.edit', field: name })}
          />
        ))}
        <Button type="submit" busy={busy} className="mt-1 w-full sm:w-auto sm:self-start sm:px-8">
          {mode === 'set' ? t('profile.savePassword') : t('profile.updatePassword')}
        </Button>
      </form>
    </section>
  );
}
