import { useActorRef } from '@xstate/react';
import type { FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { connectAuth } from '../../machines/auth/auth.connect';
import { connectChangePassword } from '../../machines/change-password/change-password.connect';
import { useAuthActor, useProfileMachines } from '../../app/session';
import { useView } from '../../app/use-view';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { Icon } from '../../../shared/components/Icon';

const FIELDS = [
  ['current_password', 'profile.oneTimePassword', 'one-time-code'],
  ['password', 'profile.newPassword', 'new-password'],
  ['password_confirmation', 'profile.confirmPassword', 'new-password'],
] as const;

/**
 * After an operator reset the password (decision 0034) the site shows only this: the one-time
 * password and a new one of the player's own, or logging out. The server refuses every other call
 * until then; the change-password machine saves it, and the player is back where they were.
 */
export function ForcedPasswordScreen() {
  const { t } = useTranslation();
  const auth = useView(useAuthActor(), connectAuth);
  const view = useView(useActorRef(useProfileMachines().forcedPassword), connectChangePassword);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const value = (name: string) => String(data.get(name) ?? '');
    view.submit({ current_password: value('current_password'), password: value('password'), password_confirmation: value('password_confirmation') });
  };

  return (
    <section className="card mx-auto my-6 max-w-lg p-5" aria-labelledby="forced-password-title">
      <h1 id="forced-password-title" className="mb-3 flex items-center gap-2 text-lg font-bold">
        <Icon name="lock" size={20} className="text-primary" />
        {t('profile.forcedTitle')}
      </h1>
      <p className="mb-4 text-sm text-muted">{t('profile.forcedHint')}</p>
      {view.failure ? (
        <p role="alert" className="mb-4 rounded-lg bg-loss px-3 py-2 text-sm font-medium text-bg">
          {view.failure}
        </p>
      ) : null}
      <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
        {FIELDS.map(([name, label, autoComplete]) => (
          <Field key={name} label={t(label)} name={name} type="password" autoComplete={autoComplete} required error={view.fieldErrors[name]} onInput={() => view.edit(name)} />
        ))}
        <Button type="submit" busy={view.busy} className="mt-1 w-full">
          {t('profile.forcedSave')}
        </Button>
        <Button variant="ghost" onClick={auth.logout} disabled={auth.busy} className="w-full">
          {t('auth.logout')}
        </Button>
      </form>
    </section>
  );
}
