import type { FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import type { OperatorSessionView } from '../../machines/operator-session/operator-session.connect';
import { LanguagePicker } from '../LanguagePicker';

const value = (form: HTMLFormElement, name: string) => String(new FormData(form).get(name) ?? '');

/** Why the form is shown again (session ended, signed out), or why it refuses (wait, wrong code). */
function Notices({ session }: { session: OperatorSessionView }) {
  const { t } = useTranslation();
  const { notice, blocked, error } = session;
  return (
    <>
      {notice === 'expired' ? <Alert tone="info">{t('admin.expired')}</Alert> : null}
      {notice === 'signedOut' ? <Alert tone="info">{t('admin.signedOut')}</Alert> : null}
      {blocked ? <Alert tone="error">{t('admin.wait', { seconds: session.waitSeconds })}</Alert> : error ? <Alert tone="error">{error}</Alert> : null}
    </>
  );
}

/** User name, password and code; first-time setup adds the setup code and asks for a new password. */
function CredentialFields({ setup }: { setup: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={t('admin.userName')} name="user_name" autoComplete="username" required maxLength={50} />
      {setup ? <Field label={t('admin.setupCode')} name="setup_code" autoComplete="off" required maxLength={64} /> : null}
      <Field
        label={setup ? t('admin.newPassword') : t('admin.password')}
        name="password"
        type="password"
        autoComplete={setup ? 'new-password' : 'current-password'}
        required
        minLength={setup ? 10 : undefined}
        maxLength={128}
      />
      <Field
        label={setup ? t('admin.firstCode') : t('admin.code')}
        name="totp"
        numeric
        autoComplete="one-time-code"
        required
        pattern="[0-9၀-၉ ]{6,7}"
        maxLength={7}
        note={<p className="kc-muted kc-small">{t('admin.codeHint')}</p>}
      />
    </>
  );
}

/** Sign-in (user name, password, code) or first-time setup (setup code, new password, first code). */
export function SignInScreen({ session }: { session: OperatorSessionView }) {
  const { t } = useTranslation();
  const { busy, blocked, inSetup: setup } = session;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const common = { user_name: value(form, 'user_name'), password: value(form, 'password'), totp: value(form, 'totp') };
    if (setup) session.completeSetup({ ...common, setup_code: value(form, 'setup_code') });
    else session.signIn(common);
  };
  return (
    <div className="kc-signin">
      <div className="kc-signin-lang">
        <LanguagePicker />
      </div>
      <form className="card kc-signin-card" onSubmit={submit} aria-labelledby="kc-signin-title">
        <h1 id="kc-signin-title" className="kc-h1">
          {setup ? t('admin.setupTitle') : t('admin.signInTitle')}
        </h1>
        <p className="kc-muted">{setup ? t('admin.setupHint') : t('admin.signInHint')}</p>
        <Notices session={session} />
        <CredentialFields setup={setup} />
        <Button type="submit" busy={busy} disabled={blocked}>
          {setup ? t('admin.setupSubmit') : t('admin.signIn')}
        </Button>
        <Button variant="ghost" disabled={busy} onClick={setup ? session.cancelSetup : session.openSetup}>
          {setup ? t('admin.backToSignIn') : t('admin.firstTime')}
        </Button>
      </form>
    </div>
  );
}
