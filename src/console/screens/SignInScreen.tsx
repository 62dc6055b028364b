import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import {
  selectBlocked,
  selectInSetup,
  selectSessionBusy,
  selectSessionError,
  selectSessionNotice,
  selectWaitSeconds,
} from '../../machines/operator-session/operator-session.selectors';
import { useConsole } from '../context';
import { LanguagePicker } from '../LanguagePicker';

const value = (form: HTMLFormElement, name: string) => String(new FormData(form).get(name) ?? '');

/** Sign-in (user name, password, code) or first-time setup (setup code, new password, first code). */
export function SignInScreen() {
  const { t } = useTranslation();
  const { sessionActor } = useConsole();
  const busy = useSelector(sessionActor, selectSessionBusy);
  const setup = useSelector(sessionActor, selectInSetup);
  const blocked = useSelector(sessionActor, selectBlocked);
  const wait = useSelector(sessionActor, selectWaitSeconds);
  const error = useSelector(sessionActor, selectSessionError);
  const notice = useSelector(sessionActor, selectSessionNotice);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const common = { user_name: value(form, 'user_name'), password: value(form, 'password'), totp: value(form, 'totp') };
    if (setup) sessionActor.send({ type: 'setup.submit', input: { ...common, setup_code: value(form, 'setup_code') } });
    else sessionActor.send({ type: 'signIn.submit', input: common });
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
        {notice === 'expired' ? <Alert tone="info">{t('admin.expired')}</Alert> : null}
        {notice === 'signedOut' ? <Alert tone="info">{t('admin.signedOut')}</Alert> : null}
        {blocked ? <Alert tone="error">{t('admin.wait', { seconds: wait })}</Alert> : error ? <Alert tone="error">{error}</Alert> : null}
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
        <Button type="submit" busy={busy} disabled={blocked}>
          {setup ? t('admin.setupSubmit') : t('admin.signIn')}
        </Button>
        <Button variant="ghost" disabled={busy} onClick={() => sessionActor.send({ type: setup ? 'setup.cancel' : 'setup.open' })}>
          {setup ? t('admin.backToSignIn') : t('admin.firstTime')}
        </Button>
      </form>
    </div>
  );
}
