import { useTranslation } from 'react-i18next';
import type { Dispute } from '../../api/admin';
import { Money } from '../../components/Money';
import { toMyanmarDigits } from '../../lib/date-format';
import { Group, Head, Raw, Signed, When } from './DisputeParts';

/** What a dispute search found: players, the aggregator's calls, transactions, wagers, Shan, the ledger. */
export function DisputeResults({ found }: { found: Dispute }) {
  const { t, i18n } = useTranslation();
  const total = found.players.length + found.calls.length + found.transactions.length + found.wagers.length + found.shan.length + found.rounds.length + found.ledger.length;
  if (total === 0) return <p className="card kc-pad kc-empty">{t('admin.disputeNothing')}</p>;
  const nameOf = (id: number) => found.players.find((p) => p.id === id)?.user_name ?? `#${id}`;
  return (
    <div className="kc-stack" data-testid="dispute-results">
      <p className="kc-muted kc-small">{t('admin.disputeWindow', { days: i18n.language === 'mm' ? toMyanmarDigits(String(found.query.days)) : found.query.days })}</p>
      <Group title={t('admin.disputePlayers')} count={found.players.length}>
        <ul className="kc-plain">
          {found.players.map((p) => (
            <li key={p.id}>
              <strong>{p.user_name}</strong> {p.name ? `· ${p.name}` : ''} <span className="kc-muted">{[p.phone, p.telegram_id, `#${p.id}`].filter(Boolean).join(' · ')}</span>
            </li>
          ))}
        </ul>
      </Group>
      <Group title={t('admin.disputeCalls')} count={found.calls.length}>
        <table className="kc-table">
          <Head cols={[t('admin.disputeTime'), t('admin.disputeCall'), t('admin.disputeStatus')]} />
          <tbody>
            {found.calls.map((c) => (
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
      <Group title={t('admin.disputeTransactions')} count={found.transactions.length}>
        <table className="kc-table">
          <Head cols={[t('admin.disputeTime'), t('admin.disputeId'), t('admin.disputeAction'), t('admin.disputeWager'), t('admin.player'), t('admin.amount'), t('admin.disputeResultCode')]} />
          <tbody>
            {found.transactions.map((x) => (
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
      <Group title={t('admin.disputeWagers')} count={found.wagers.length}>
        <table className="kc-table">
          <Head cols={[t('admin.disputeTime'), t('admin.disputeWager'), t('admin.disputeGame'), t('admin.disputeStake'), t('admin.disputePayout'), t('admin.disputeStatus')]} />
          <tbody>
            {found.wagers.map((w) => (
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
      <Group title={t('admin.disputeRounds')} count={found.rounds.length}>
        <table className="kc-table">
          <Head cols={[t('admin.disputeTime'), t('admin.disputeRound'), t('admin.player'), t('admin.disputeStake'), t('admin.disputePayout'), t('admin.disputeStatus')]} />
          <tbody>
            {found.rounds.map((r) => (
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
      <Group title={t('admin.disputeShan')} count={found.shan.length}>
        <table className="kc-table">
          <Head cols={[t('admin.disputeTime'), t('admin.disputeRound'), t('admin.disputeKind'), t('admin.amount')]} />
          <tbody>
            {found.shan.map((s) => (
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
      <Group title={t('admin.disputeLedger')} count={found.ledger.length}>
        <table className="kc-table">
          <Head cols={[t('admin.disputeTime'), t('admin.disputeKind'), t('admin.disputeReference'), t('admin.amount'), t('admin.disputeBalanceAfter')]} />
          <tbody>
            {found.ledger.map((l) => (
              <tr key={l.id}>
                <When at={l.created_at} />
                <td>{l.kind}</td>
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
    </div>
  );
}
