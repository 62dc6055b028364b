import { useActorRef } from '@xstate/react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import type { NewOperatorInput, OperatorAccount, OperatorCommand, OperatorHandout, OperatorRoleName } from '../../api/admin-ops';
import { useView } from '../../app/use-view';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { connectConsoleAction, type ConsoleActionView } from '../../machines/console-action/console-action.connect';
import { connectOperatorSession } from '../../machines/operator-session/operator-session.connect';
import { connectResource } from '../../machines/resource/resource.connect';
import { ConfirmDialog } from '../ConfirmDialog';
import { useConsole } from '../context';
import './ops.css';
import { Loaded } from './Loaded';
import { ActionNote, useYangonTime } from './ops-shared';

const ROLES: OperatorRoleName[] = ['owner', 'cashier', 'content', 'two_d', 'finance'];
const ROLE_LABEL = { owner: 'admin.roleOwner', cashier: 'admin.roleCashier', content: 'admin.roleContent', two_d: 'admin.roleTwoD', finance: 'admin.roleFinance' } as const;
const COMMAND = {
  disable: { label: 'admin.opsDisable', prompt: 'admin.opsDisablePrompt', done: 'admin.opsDisabledDone' },
  enable: { label: 'admin.opsEnable', prompt: 'admin.opsEnablePrompt', done: 'admin.opsEnabledDone' },
  'reset-totp': { label: 'admin.opsResetTotp', prompt: 'admin.opsResetPrompt', done: 'admin.opsResetDone' },
  'revoke-sessions': { label: 'admin.opsRevoke', prompt: 'admin.opsRevokePrompt', done: 'admin.opsRevokedDone' },
} as const;

interface CommandRequest {
  user_name: string;
  command: OperatorCommand;
}

/** The one-time setup code and authenticator link of a new or re-enrolled operator. */
function Handout({ handout, onDone }: { handout: OperatorHandout; onDone: () => void }) {
  const { t } = useTranslation();
  const time = useYangonTime();
  return (
    <section className="card kc-pad kc-stack kc-handout" aria-label={t('admin.opsHandoutTitle', { name: handout.user_name })} data-testid="setup-handout">
      <h2 className="kc-h2">{t('admin.opsHandoutTitle', { name: handout.user_name })}</h2>
      <p className="kc-muted">{t('admin.opsHandoutHint', { time: time(handout.setup_expires_at) })}</p>
      <dl className="kc-facts">
        <dt>{t('admin.opsSetupCode')}</dt>
        <dd>
          <strong className="kc-mono kc-big" data-testid="setup-code">
            {handout.setup_code}
          </strong>
        </dd>
        <dt>{t('admin.opsAuthLink')}</dt>
        <dd className="kc-mono kc-small">{handout.otpauth_uri}</dd>
      </dl>
      <div className="kc-actions">
        <Button variant="outline" onClick={onDone}>
          {t('admin.opsHandoutDone')}
        </Button>
      </div>
    </section>
  );
}

function CreateFields({ errors }: { errors: Record<string, string> }) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={t('admin.opsUserName')} name="user_name" required minLength={3} maxLength={50} pattern="[A-Za-z0-9._\-]+" autoComplete="off" error={errors.user_name} />
      <Field label={t('admin.opsDisplayName')} name="display_name" maxLength={100} autoComplete="off" error={errors.display_name} />
      <div>
        <label className="label" htmlFor="kc-new-role">
          {t('admin.opsRole')}
        </label>
        <select id="kc-new-role" name="role" className="field" defaultValue="cashier">
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {t(ROLE_LABEL[r])}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}

/** A new operator: user name, display name, role; the answer's setup code goes to `onCreated`. */
function CreateForm({ onCreated }: { onCreated: (handout: OperatorHandout) => void }) {
  const { t } = useTranslation();
  const { admin, action } = useConsole();
  const made = useRef<OperatorHandout | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const actor = useActorRef(
    action<NewOperatorInput>(
      async (input) => {
        made.current = await admin.createOperator(input);
      },
      (input) => t('admin.opsCreated', { name: input.user_name }),
      () => {
        if (made.current) onCreated(made.current);
        formRef.current?.reset();
      },
    ),
  );
  const create = useView(actor, connectConsoleAction<NewOperatorInput>);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const userName = String(form.get('user_name') ?? '').trim();
    create.run({ user_name: userName, display_name: String(form.get('display_name') ?? '').trim() || userName, role: String(form.get('role')) as OperatorRoleName });
  };
  return (
    <section className="card kc-pad kc-stack" aria-label={t('admin.opsCreateTitle')}>
      <h2 className="kc-h2">{t('admin.opsCreateTitle')}</h2>
      <p className="kc-muted kc-small">{t('admin.opsCreateHint')}</p>
      <form ref={formRef} className="kc-stack" onSubmit={submit}>
        <CreateFields errors={create.fieldErrors} />
        <div className="kc-actions">
          <Button type="submit" busy={create.busy}>
            {t('admin.opsCreate')}
          </Button>
        </div>
      </form>
      <ActionNote result={create.result} />
    </section>
  );
}

function OperatorRow({ op, me, onAsk, busy }: { op: OperatorAccount; me: boolean; onAsk: (r: CommandRequest) => void; busy: boolean }) {
  const { t } = useTranslation();
  const time = useYangonTime();
  const commands: OperatorCommand[] = [op.disabled ? 'enable' : 'disable', 'reset-totp', 'revoke-sessions'];
  return (
    <tr data-testid={`operator-${op.user_name}`}>
      <td>
        <strong>{op.user_name}</strong>
        {me ? <span className="kc-muted"> ({t('admin.opsYou')})</span> : null}
        <div className="kc-muted kc-small">{op.display_name}</div>
      </td>
      <td>{t(ROLE_LABEL[op.role])}</td>
      <td className={op.disabled ? 'kc-bad' : 'kc-good'}>{op.disabled ? t('admin.opsDisabled') : t('admin.opsEnabled')}</td>
      <td className={op.enrolled ? undefined : 'kc-warn'}>{op.enrolled ? t('admin.opsTotpSet') : t('admin.opsTotpPending')}</td>
      <td className="kc-small">
        {op.last_sign_in_at ? time(op.last_sign_in_at) : t('admin.opsNever')}
        <div className="kc-muted">{t('admin.opsSessions', { count: op.live_sessions })}</div>
      </td>
      <td>
        <div className="kc-actions kc-row-actions">
          {me
            ? null
            : commands.map((command) => (
                <Button key={command} variant="outline" disabled={busy} onClick={() => onAsk({ user_name: op.user_name, command })}>
                  {t(COMMAND[command].label)}
                </Button>
              ))}
        </div>
      </td>
    </tr>
  );
}

function OperatorTable({ rows, me, busy, onAsk }: { rows: OperatorAccount[]; me: string | undefined; busy: boolean; onAsk: (r: CommandRequest) => void }) {
  const { t } = useTranslation();
  return (
    <div className="kc-scroll-x">
      <table className="kc-table">
        <thead>
          <tr>
            <th>{t('admin.opsUserName')}</th>
            <th>{t('admin.opsRole')}</th>
            <th>{t('admin.opsStatus')}</th>
            <th>{t('admin.opsTotp')}</th>
            <th>{t('admin.opsLastSignIn')}</th>
            <th>{t('admin.opsActions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((op) => (
            <OperatorRow key={op.id} op={op} me={op.user_name === me} busy={busy} onAsk={onAsk} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The command asked about (disable, enable, re-enrol, end sessions): confirm or cancel. */
function CommandDialog({ command }: { command: ConsoleActionView<CommandRequest> }) {
  const { t } = useTranslation();
  const asked = command.asked;
  if (!asked) return null;
  return (
    <ConfirmDialog
      title={t(COMMAND[asked.command].label)}
      message={t(COMMAND[asked.command].prompt, { name: asked.user_name })}
      confirm={t(COMMAND[asked.command].label)}
      onConfirm={command.confirm}
      onCancel={command.cancel}
    />
  );
}

/** The asked operator command; its answer may carry a new setup code (re-enrol) for `onHandout`. */
function useOperatorCommand(onHandout: (handout: OperatorHandout) => void, changed: () => void) {
  const { t } = useTranslation();
  const { admin, action } = useConsole();
  const answer = useRef<OperatorHandout | null>(null);
  const actor = useActorRef(
    action<CommandRequest>(
      async (r) => {
        answer.current = await admin.operatorCommand(r.user_name, r.command);
      },
      (r) => t(COMMAND[r.command].done, { name: r.user_name }),
      () => {
        if (answer.current?.setup_code) onHandout(answer.current);
        changed();
      },
    ),
  );
  return useView(actor, connectConsoleAction<CommandRequest>);
}

/** Operators (owner): the accounts, a new one with its one-time setup code, disable / enable, re-enrol, end sessions. */
export function OperatorsScreen() {
  const { t } = useTranslation();
  const { admin, resource, sessionActor } = useConsole();
  const session = useView(sessionActor, connectOperatorSession);
  const [handout, setHandout] = useState<OperatorHandout | null>(null);
  const list = useView(useActorRef(resource(() => admin.operators())), connectResource<OperatorAccount[]>);
  const command = useOperatorCommand(setHandout, list.refresh);
  const created = (h: OperatorHandout) => {
    setHandout(h);
    list.refresh();
  };
  return (
    <div className="kc-page">
      <div className="kc-page-head">
        <h1 className="kc-h1">{t('admin.opsOperatorsTitle')}</h1>
      </div>
      <div className="kc-ops">
        <section className="card kc-pad kc-stack kc-ops-list" aria-label={t('admin.opsOperatorsTitle')}>
          <Loaded view={list}>
            <OperatorTable rows={list.data ?? []} me={session.operator?.user_name} busy={command.busy} onAsk={command.ask} />
          </Loaded>
          <ActionNote result={command.result} />
        </section>
        <div className="kc-stack">
          {handout ? <Handout handout={handout} onDone={() => setHandout(null)} /> : null}
          <CreateForm onCreated={created} />
        </div>
      </div>
      <CommandDialog command={command} />
    </div>
  );
}
