import { useActorRef, useSelector } from '@xstate/react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { PlayerProfile, PlayerRow } from '../../api/admin';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { Money } from '../../components/Money';
import { formatAmount } from '../../lib/money';
import type { consoleActionMachine } from '../../machines/console-action/console-action.machine';
import { selectActionBusy, selectActionResult, selectAskedRequest, selectAsking } from '../../machines/console-action/console-action.selectors';
import { ConfirmDialog } from '../ConfirmDialog';
import { useConsole } from '../context';
import { Loaded, type ResourceActor } from './Loaded';
import { PlayerActivity } from './PlayerActivity';

type ActionActor = ActorRefFrom<typeof consoleActionMachine>;

function Profile({ id }: { id: number }) {
  const { t } = useTranslation();
  const { admin, resource, action } = useConsole();
  const profile: ResourceActor = useActorRef(resource(() => admin.player(id)));
  const ban: ActionActor = useActorRef(
    action<boolean>((banned) => admin.setBanned(id, banned), (banned) => (banned ? t('admin.bannedDone') : t('admin.unbannedDone')), () => profile.send({ type: 'resource.refresh' })),
  );
  // The one-time password comes back in the answer; the message that shows it is built after it.
  const issued = useRef('');
  const reset: ActionActor = useActorRef(
    action<null>(
      async () => {
        issued.current = (await admin.resetPassword(id)).password;
      },
      () => t('admin.passwordResetDone', { password: issued.current }),
    ),
  );
  const p = useSelector(profile, (s) => s.context.data as PlayerProfile | null);
  const busy = useSelector(ban, selectActionBusy);
  const resetting = useSelector(reset, selectActionBusy);
  const resetResult = useSelector(reset, selectActionResult);
  const resetAsking = useSelector(reset, selectAsking);
  const result = useSelector(ban, selectActionResult);
  const asked = useSelector(ban, selectAskedRequest);
  return (
    <section className="card kc-pad kc-stack" aria-label={t('admin.profile')}>
      <Loaded actor={profile}>
        {p ? (
          <>
            <h2 className="kc-h2">
              {p.user_name} {p.name ? `(${p.name})` : ''} {p.banned ? <span className="kc-bad">· {t('admin.banned')}</span> : null}
            </h2>
            <dl className="kc-facts">
              <dt>{t('admin.gameBalance')}</dt>
              <dd>
                <Money value={p.balance} />
              </dd>
              <dt>{t('admin.mainBalance')}</dt>
              <dd>
                <Money value={p.main_balance} />
              </dd>
              <dt>{t('admin.phone')}</dt>
              <dd>{p.phone ?? '—'}</dd>
              <dt>{t('admin.lastSeen')}</dt>
              <dd>{p.last_seen_at ? new Date(p.last_seen_at).toLocaleString() : '—'}</dd>
            </dl>
            <div className="kc-actions">
              <Button variant="outline" busy={busy} onClick={() => ban.send({ type: 'action.ask', request: !p.banned })}>
                {p.banned ? t('admin.unban') : t('admin.ban')}
              </Button>
              <Button variant="outline" busy={resetting} onClick={() => reset.send({ type: 'action.ask', request: null })}>
                {t('admin.passwordReset')}
              </Button>
              {result ? <span className={result.ok ? 'kc-good' : 'kc-bad'}>{result.message}</span> : null}
            </div>
            {resetResult ? (
              <p role="status" className={resetResult.ok ? 'kc-good kc-mono' : 'kc-bad'} data-testid="password-reset-result">
                {resetResult.message}
              </p>
            ) : null}
            <h3 className="kc-h2">{t('admin.ledger')}</h3>
            <table className="kc-table">
              <tbody>
                {p.ledger.map((row) => (
                  <tr key={row.id}>
                    <td className="kc-small">{new Date(row.created_at).toLocaleString()}</td>
                    <td>{row.kind}</td>
                    <td className="money">{formatAmount(row.amount)}</td>
                    <td className="kc-muted">{formatAmount(row.balance_after)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <PlayerActivity activity={p.activity} />
          </>
        ) : null}
      </Loaded>
      {resetAsking ? (
        <ConfirmDialog
          title={t('admin.passwordReset')}
          message={t('admin.passwordResetPrompt')}
          confirm={t('admin.passwordReset')}
          onConfirm={() => reset.send({ type: 'action.confirm' })}
          onCancel={() => reset.send({ type: 'action.cancel' })}
        />
      ) : null}
      {asked !== null ? (
        <ConfirmDialog
          title={asked ? t('admin.ban') : t('admin.unban')}
          message={asked ? t('admin.banPrompt') : t('admin.unbanPrompt')}
          confirm={asked ? t('admin.ban') : t('admin.unban')}
          onConfirm={() => ban.send({ type: 'action.confirm' })}
          onCancel={() => ban.send({ type: 'action.cancel' })}
        />
      ) : null}
    </section>
  );
}

function Results({ q, onPick, picked }: { q: string; onPick: (id: number) => void; picked: number | null }) {
  const { t } = useTranslation();
  const { admin, resource } = useConsole();
  const actor: ResourceActor = useActorRef(resource(() => admin.players(q)));
  const rows = useSelector(actor, (s) => (s.context.data as PlayerRow[] | null) ?? []);
  return (
    <Loaded actor={actor}>
      {rows.length === 0 ? <p className="kc-empty">{t('admin.noPlayers')}</p> : null}
      <ul className="kc-rows">
        {rows.map((r) => (
          <li key={r.id}>
            <button type="button" className={`kc-row${r.id === picked ? ' kc-active' : ''}`} onClick={() => onPick(r.id)}>
              <span className="kc-row-main">
                <span>
                  {r.user_name} {r.name ? `· ${r.name}` : ''}
                </span>
                <Money value={r.balance} />
              </span>
              <span className="kc-muted kc-small">
                {r.phone ?? ''} {r.banned ? `· ${t('admin.banned')}` : ''}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </Loaded>
  );
}

/** Players: search, a profile with both balances, the ledger, their latest slips, Digit Bets and game rounds; ban and unban; a one-time password. */
export function PlayersScreen() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [picked, setPicked] = useState<number | null>(null);
  const search = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setQ(String(new FormData(e.currentTarget).get('q') ?? '').trim());
    setPicked(null);
  };
  return (
    <div className="kc-page">
      <div className="kc-page-head">
        <h1 className="kc-h1">{t('admin.navPlayers')}</h1>
      </div>
      <div className="kc-queue">
        <section className="card kc-list kc-stack" aria-label={t('admin.navPlayers')}>
          <form role="search" className="kc-search" onSubmit={search}>
            <Field label={t('admin.search')} name="q" type="search" maxLength={64} />
            <Button type="submit">{t('admin.searchButton')}</Button>
          </form>
          <Results key={q} q={q} onPick={setPicked} picked={picked} />
        </section>
        {picked !== null ? <Profile key={picked} id={picked} /> : <div className="card kc-detail kc-empty">{t('admin.pickPlayer')}</div>}
      </div>
    </div>
  );
}
