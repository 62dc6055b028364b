import { useActorRef } from '@xstate/react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import type { PlayerProfile, PlayerRow } from '../../api/admin';
import { useView } from '../../app/use-view';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { Money } from '../../components/Money';
import { formatAmount } from '../../lib/money';
import { connectConsoleAction, type ConsoleActionView } from '../../machines/console-action/console-action.connect';
import { connectResource } from '../../machines/resource/resource.connect';
import { ConfirmDialog } from '../ConfirmDialog';
import { useConsole } from '../context';
import { Loaded, type ResourceActor } from './Loaded';
import { useYangonTime } from './ops-shared';
import { PlayerActivity, useLedgerKind } from './PlayerActivity';
import { AdjustBalance, PendingAdjustments } from './Adjustments';
import { connectOperatorSession } from '../../machines/operator-session/operator-session.connect';

/** Who the player is: name, ban, both balances, phone, last seen. */
function ProfileFacts({ p }: { p: PlayerProfile }) {
  const { t } = useTranslation();
  const time = useYangonTime();
  return (
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
        <dd>{p.last_seen_at ? time(p.last_seen_at) : '—'}</dd>
      </dl>
    </>
  );
}

function Ledger({ rows }: { rows: PlayerProfile['ledger'] }) {
  const { t } = useTranslation();
  const time = useYangonTime();
  const kindLabel = useLedgerKind();
  return (
    <>
      <h3 className="kc-h2">{t('admin.ledger')}</h3>
      <table className="kc-table">
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td className="kc-small">{time(row.created_at)}</td>
              <td>{kindLabel(row.kind)}</td>
              <td className="money">{formatAmount(row.amount)}</td>
              <td className="kc-muted">{formatAmount(row.balance_after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** Ban or unban, and a one-time password (both asked first), with what each answered. */
function ProfileActions({ p, ban, reset }: { p: PlayerProfile; ban: ConsoleActionView<boolean>; reset: ConsoleActionView<null> }) {
  const { t } = useTranslation();
  const { result } = ban;
  return (
    <>
      <div className="kc-actions">
        <Button variant="outline" busy={ban.busy} onClick={() => ban.ask(!p.banned)}>
          {p.banned ? t('admin.unban') : t('admin.ban')}
        </Button>
        <Button variant="outline" busy={reset.busy} onClick={() => reset.ask(null)}>
          {t('admin.passwordReset')}
        </Button>
        {result ? <span className={result.ok ? 'kc-good' : 'kc-bad'}>{result.message}</span> : null}
      </div>
      {reset.result ? (
        <p role="status" className={reset.result.ok ? 'kc-good kc-mono' : 'kc-bad'} data-testid="password-reset-result">
          {reset.result.message}
        </p>
      ) : null}
    </>
  );
}

function ProfileDialogs({ ban, reset }: { ban: ConsoleActionView<boolean>; reset: ConsoleActionView<null> }) {
  const { t } = useTranslation();
  const { asked } = ban;
  return (
    <>
      {reset.asking ? (
        <ConfirmDialog title={t('admin.passwordReset')} message={t('admin.passwordResetPrompt')} confirm={t('admin.passwordReset')} onConfirm={reset.confirm} onCancel={reset.cancel} />
      ) : null}
      {asked !== null ? (
        <ConfirmDialog
          title={asked ? t('admin.ban') : t('admin.unban')}
          message={asked ? t('admin.banPrompt') : t('admin.unbanPrompt')}
          confirm={asked ? t('admin.ban') : t('admin.unban')}
          onConfirm={ban.confirm}
          onCancel={ban.cancel}
        />
      ) : null}
    </>
  );
}

function Profile({ id }: { id: number }) {
  const { t } = useTranslation();
  const { admin, resource, action, sessionActor } = useConsole();
  const session = useView(sessionActor, connectOperatorSession);
  const profileActor: ResourceActor = useActorRef(resource(() => admin.player(id)));
  const profile = useView(profileActor, connectResource<PlayerProfile>);
  const banActor = useActorRef(
    action<boolean>((banned) => admin.setBanned(id, banned), (banned) => (banned ? t('admin.bannedDone') : t('admin.unbannedDone')), () => profile.refresh()),
  );
  // The one-time password comes back in the answer; the message that shows it is built after it.
  const issued = useRef('');
  const resetActor = useActorRef(
    action<null>(
      async () => {
        issued.current = (await admin.resetPassword(id)).password;
      },
      () => t('admin.passwordResetDone', { password: issued.current }),
    ),
  );
  const ban = useView(banActor, connectConsoleAction<boolean>);
  const reset = useView(resetActor, connectConsoleAction<null>);
  const p = profile.data;
  return (
    <section className="card kc-pad kc-stack" aria-label={t('admin.profile')}>
      <Loaded view={profile}>
        {p ? (
          <>
            <ProfileFacts p={p} />
            {session.may('POST /players/:id/ban') || session.may('POST /players/:id/password-reset') ? <ProfileActions p={p} ban={ban} reset={reset} /> : null}
            {session.may('POST /players/:id/adjustments') ? <AdjustBalance playerId={id} onChanged={() => profile.refresh()} /> : null}
            <Ledger rows={p.ledger} />
            <PlayerActivity activity={p.activity} />
          </>
        ) : null}
      </Loaded>
      <ProfileDialogs ban={ban} reset={reset} />
    </section>
  );
}

function Results({ q, onPick, picked }: { q: string; onPick: (id: number) => void; picked: number | null }) {
  const { t } = useTranslation();
  const { admin, resource } = useConsole();
  const actor: ResourceActor = useActorRef(resource(() => admin.players(q)));
  const found = useView(actor, connectResource<PlayerRow[]>);
  const rows = found.data ?? [];
  return (
    <Loaded view={found}>
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
  const { sessionActor } = useConsole();
  const session = useView(sessionActor, connectOperatorSession);
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
      {session.may('GET /adjustments') ? <PendingAdjustments /> : null}
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
