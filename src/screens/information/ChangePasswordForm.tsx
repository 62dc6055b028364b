import { useEffect, useRef, type FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { useTranslation } from 'react-i18next';
import { selectPwBusy, selectPwFieldErrors, selectPwMessage, selectPwSucceeded } from '../../machines/change-password/change-password.selectors';
import type { changePasswordMachine } from '../../machines/change-password/change-password.machine';
import { useMachines } from '../../app/session';
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

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const actor = useActorRef(useMachines().changePassword);
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
    actor.send({
      type: 'password.submit',
      input: { current_password: value('current_password'), password: value('password'), password_confirmation: value('password_confirmation') },
    });
  };

  return (
    <section className="card p-5" aria-labelledby="password-title">
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h2 id="password-title" className="flex items-center gap-2 text-lg font-bold">
          <Icon name="lock" size={20} className="text-primary" />
          {t('profile.changePassword')}
        </h2>
        {failure ? (
          <span role="alert" className="rounded-full bg-loss px-3 py-1 text-sm font-medium text-bg">
            {failure}
          </span>
        ) : null}
      </div>
      <form ref={formRef} className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
        {FIELDS.map((name) => (
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
          {t('profile.updatePassword')}
        </Button>
      </form>
    </section>
  );
}
