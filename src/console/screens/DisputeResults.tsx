import { useTranslation } from '../../i18n/react';
import type { Dispute } from '../../api/admin';
import { Money } from '../../components/Money';
import { toMyanmarDigits } from '../../../shared/date-format';
import { Group, Head, Raw, Signed, When } from './DisputeParts';
import { useLedgerKind } from './PlayerActivity';

function Players({ players }: { players: Dispute['players'] }) {
  const { t } = useTranslation();
  return (
    <Group title={t('admin.disputePlayers')} count={players.length}>
      <ul className="kc-plain">
        {players.map((p) => (
          <li key={p.id}>
            <strong>{p.user_name}</strong> {p.name ? `· ${p.name}` : ''} <span className="kc-muted">{[p.phone, p.telegram_id, `#${p.id}`].filter(Boolean).join(' · ')}</span>
          </li>
        ))}
      </ul>
    </Group>
  );
}

/** The aggregator's calls, each with its raw request and answer. */
function Calls({ calls }: { calls: Dispute['calls'] }) {
  const { t } = useTranslation();
  return (
    <Group title={t('admin.disputeCalls')} count={calls.length}>
      <table className="kc-table">
        <Head cols={[t('admin.disputeTime'), t('admin.disputeCall'), t('admin.disputeStatus')]} />
        <tbody>
          {calls.map((c) => (
            <tr key={c.id}>
              <When at={c.created_at} />
              <td>
                <strong>{c.endpoint}</strong>
                <Raw request={c.request} response={c.response} />
              </td>
              <td className="kc-nowrap">HTTP {c.http_status ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Group>
  );
}

function Transactions({ transactions, nameOf }: { transactions: Dispute['transactions']; nameOf: (id: number) => string }) {
  const { t } = useTranslation();
  return (
    <Group title={t('admin.disputeTransactions')} count={transactions.length}>
      <table className="kc-table">
        <Head cols={[t('admin.disputeTime'), t('admin.disputeId'), t('admin.disputeAction'), t('admin.disputeWager'), t('admin.player'), t('admin.amount'), t('admin.disputeResultCode')]} />
        <tbody>
          {transactions.map((x) => (
            <tr key={x.id}>
              <When at={x.created_at} />
              <td className="kc-break">{x.tx_id}</td>
              <td>{x.action}</td>
              <td className="kc-break">{x.wager_code ?? '—'}</td>
              <td>{nameOf(x.user_id)}</td>
              <Signed value={x.amount} />
              <td>{x.code}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Group>
  );
}

function Wagers({ wagers }: { wagers: Dispute['wagers'] }) {
  const { t } = useTranslation();
  return (
    <Group title={t('admin.disputeWagers')} count={wagers.length}>
      <table className="kc-table">
        <Head cols={[t('admin.disputeTime'), t('admin.disputeWager'), t('admin.disputeGame'), t('admin.disputeStake'), t('admin.disputePayout'), t('admin.disputeStatus')]} />
        <tbody>
          {wagers.map((w) => (
            <tr key={w.id}>
              <When at={w.created_at} />
              <td className="kc-break">{w.wager_code}</td>
              <td>{w.game_name}</td>
              <td className="kc-num">
                <Money value={w.bet_amount} />
              </td>
              <td className="kc-num">
                <Money value={w.payout} />
              </td>
              <td>{w.status}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Group>
  );
}

function Rounds({ rounds }: { rounds: Dispute['rounds'] }) {
  const { t } = useTranslation();
  return (
    <Group title={t('admin.disputeRounds')} count={rounds.length}>
      <table className="kc-table">
        <Head cols={[t('admin.disputeTime'), t('admin.disputeRound'), t('admin.player'), t('admin.disputeStake'), t('admin.disputePayout'), t('admin.disputeStatus')]} />
        <tbody>
          {rounds.map((r) => (
            <tr key={r.id}>
              <When at={r.created_at} />
              <td className="kc-break">{r.id}</td>
              <td>{r.member_account}</td>
              <td className="kc-num">
                <Money value={r.stake} />
              </td>
              <td className="kc-num">{r.payout === null ? '—' : <Money value={r.payout} />}</td>
              <td>{r.status}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Group>
  );
}

function Shan({ shan }: { shan: Dispute['shan'] }) {
  const { t } = useTranslation();
  return (
    <Group title={t('admin.disputeShan')} count={shan.length}>
      <table className="kc-table">
        <Head cols={[t('admin.disputeTime'), t('admin.disputeRound'), t('admin.disputeKind'), t('admin.amount')]} />
        <tbody>
          {shan.map((s) => (
            <tr key={s.id}>
              <When at={s.created_at} />
              <td className="kc-break">
                {s.round_id}
                <Raw request={s.detail} response={s.response} />
              </td>
              <td>{s.kind}</td>
              <Signed value={s.amount} />
            </tr>
          ))}
        </tbody>
      </table>
    </Group>
  );
}

function Ledger({ ledger }: { ledger: Dispute['ledger'] }) {
  const { t } = useTranslation();
  const kindLabel = useLedgerKind();
  return (
    <Group title={t('admin.disputeLedger')} count={ledger.length}>
      <table className="kc-table">
        <Head cols={[t('admin.disputeTime'), t('admin.disputeKind'), t('admin.disputeReference'), t('admin.amount'), t('admin.disputeBalanceAfter')]} />
        <tbody>
          {ledger.map((l) => (
            <tr key={l.id}>
              <When at={l.created_at} />
              <td>{kindLabel(l.kind)}</td>
              <td className="kc-break kc-small">{l.reference ?? '—'}</td>
              <Signed value={l.amount} />
              <td className="kc-num">
                <Money value={l.balance_after} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Group>
  );
}

/** What a dispute search found: players, the aggregator's calls, transactions, wagers, Shan, the ledger. */
export function DisputeResults({ found }: { found: Dispute }) {
  const { t, i18n } = useTranslation();
  const total = found.players.length + found.calls.length + found.transactions.length + found.wagers.length + found.shan.length + found.rounds.length + found.ledger.length;
  if (total === 0) return <p className="card kc-pad kc-empty">{t('admin.disputeNothing')}</p>;
  const nameOf = (id: number) => found.players.find((p) => p.id === id)?.user_name ?? `#${id}`;
  return (
    <div className="kc-stack" data-testid="dispute-results">
      <p className="kc-muted kc-small">{t('admin.disputeWindow', { days: i18n.language === 'mm' ? toMyanmarDigits(String(found.query.days)) : found.query.days })}</p>
      <Players players={found.players} />
      <Calls calls={found.calls} />
      <Transactions transactions={found.transactions} nameOf={nameOf} />
      <Wagers wagers={found.wagers} />
      <Rounds rounds={found.rounds} />
      <Shan shan={found.shan} />
      <Ledger ledger={found.ledger} />
    </div>
  );
}
