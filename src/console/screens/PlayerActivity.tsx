import { useTranslation } from '../../i18n/react';
import type { PlayerActivity as Activity, LedgerRow } from '../../api/admin';
import type { LedgerKind } from '../../api/types';
import { LEDGER_KIND_KEYS } from '../ledger-kinds';
import { formatAmount } from '../../lib/money';
import { useYangonTime } from './ops-shared';

/** A ledger kind in the console's language; one this build does not know reads "Other", never its code. */
export function useLedgerKind() {
  const { t } = useTranslation();
  return (kind: string) => (Object.hasOwn(LEDGER_KIND_KEYS, kind) ? t(LEDGER_KIND_KEYS[kind as LedgerKind]) : t('admin.ledgerKindOther'));
}

function Empty({ rows }: { rows: unknown[] }) {
  const { t } = useTranslation();
  return rows.length === 0 ? <p className="kc-muted kc-small">{t('admin.noActivity')}</p> : null;
}

function Slips({ slips }: { slips: Activity['slips'] }) {
  const { t } = useTranslation();
  const when = useYangonTime();
  return (
    <>
      <h3 className="kc-h2">{t('admin.activitySlips')}</h3>
      <Empty rows={slips} />
      <table className="kc-table">
        <tbody>
          {slips.map((s) => (
            <tr key={s.id}>
              <td className="kc-small">{when(s.created_at)}</td>
              <td className="kc-mono">{s.slip_no}</td>
              <td>
                {s.draw_date} · {s.session === 'morning' ? t('admin.morning') : t('admin.evening')}
              </td>
              <td className="money">{formatAmount(s.total)}</td>
              <td className="kc-muted">{s.status}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function DigitBets({ bets }: { bets: Activity['digit_bets'] }) {
  const { t } = useTranslation();
  const when = useYangonTime();
  return (
    <>
      <h3 className="kc-h2">{t('admin.activityDigitBets')}</h3>
      <Empty rows={bets} />
      <table className="kc-table">
        <tbody>
          {bets.map((b) => (
            <tr key={b.id}>
              <td className="kc-small">{when(b.created_at)}</td>
              <td>{b.bet_type === 'digit' ? String(b.digit) : b.bet_type === 'big' ? t('admin.betBig') : t('admin.betSmall')}</td>
              <td className="money">{formatAmount(b.stake)}</td>
              <td>{t('admin.rolled', { digit: b.rolled })}</td>
              <td className={b.outcome === 'win' ? 'kc-good money' : 'kc-muted money'}>{formatAmount(b.win)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function GameRounds({ rounds }: { rounds: Activity['game_rounds'] }) {
  const { t } = useTranslation();
  const when = useYangonTime();
  return (
    <>
      <h3 className="kc-h2">{t('admin.activityGameRounds')}</h3>
      <Empty rows={rounds} />
      <table className="kc-table">
        <tbody>
          {rounds.map((r) => (
            <tr key={r.id}>
              <td className="kc-small">{when(r.created_at)}</td>
              <td>{r.game_name}</td>
              <td className="money">{formatAmount(r.bet)}</td>
              <td className="money">{formatAmount(r.payout)}</td>
              <td className="kc-muted">{r.status}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** A player's latest 2D slips, Digit Bets and game rounds (GET /players/:id/activity). */
export function PlayerActivity({ activity }: { activity: Activity }) {
  return (
    <>
      <Slips slips={activity.slips} />
      <DigitBets bets={activity.digit_bets} />
      <GameRounds rounds={activity.game_rounds} />
    </>
  );
}

/** The last ledger rows of a request's player, beside the request (the cashier's check). */
export function RecentLedger({ rows }: { rows: LedgerRow[] }) {
  const { t } = useTranslation();
  const when = useYangonTime();
  const kindLabel = useLedgerKind();
  return (
    <>
      <h3 className="kc-h2">{t('admin.recentHistory')}</h3>
      <Empty rows={rows} />
      <table className="kc-table">
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td className="kc-small">{when(row.created_at)}</td>
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
