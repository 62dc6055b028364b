import type { TFunction } from 'i18next';
import { useTranslation } from '../../i18n/react';
import type { Report, ReportFamilyRow } from '../../api/admin';
import { Money } from '../../components/Money';
import { intlLocale } from '../../i18n';
import { formatCalendarDate } from '../../../shared/date-format';
import { typeLabel } from '../../screens/games/game-types';

const FAMILY_LABEL = { games: 'admin.familyGames', two_d: 'admin.familyTwoD', digit: 'admin.familyDigit', shan: 'admin.familyShan' } as const;

/** A row's game: the family, or for seamless games the game type (in the reader's language). */
function gameLabel(t: TFunction, row: ReportFamilyRow): string {
  if (row.family !== 'games') return t(FAMILY_LABEL[row.family]);
  return row.game_type ? typeLabel(t, row.game_type) : t('admin.reportOtherGames');
}

const Amount = ({ value }: { value: string }) => (
  <td className={`kc-num${value.startsWith('-') ? ' kc-neg' : ''}`}>
    <Money value={value} />
  </td>
);

function FamilyHead() {
  const { t } = useTranslation();
  return (
    <thead>
      <tr>
        <th scope="col">{t('admin.reportDate')}</th>
        <th scope="col">{t('admin.family')}</th>
        <th scope="col" className="kc-num">{t('admin.bets')}</th>
        <th scope="col" className="kc-num">{t('admin.wins')}</th>
        <th scope="col" className="kc-num">{t('admin.reportRefunds')}</th>
        <th scope="col" className="kc-num">{t('admin.ggr')}</th>
        <th scope="col" className="kc-num">{t('admin.reportBetCount')}</th>
      </tr>
    </thead>
  );
}

function FamilyTotals({ total }: { total: Report['families_total'] }) {
  const { t } = useTranslation();
  return (
    <tfoot>
      <tr>
        <th scope="row" colSpan={2}>{t('admin.reportTotal')}</th>
        <Amount value={total.bets} />
        <Amount value={total.wins} />
        <Amount value={total.refunds} />
        <Amount value={total.ggr} />
        <td className="kc-num">{total.bet_count}</td>
      </tr>
    </tfoot>
  );
}

/** Per day × game family (seamless games by game type), with the range's totals. */
export function FamilyTable({ report }: { report: Report }) {
  const { t } = useTranslation();
  return (
    <section className="card kc-pad" aria-label={t('admin.reportFamiliesTitle')}>
      <h2 className="kc-h2">{t('admin.reportFamiliesTitle')}</h2>
      <div className="kc-scroll">
        <table className="kc-table" data-testid="report-families">
          <FamilyHead />
          <tbody>
            {report.families.length === 0 ? (
              <tr>
                <td colSpan={7} className="kc-muted">{t('admin.reportEmpty')}</td>
              </tr>
            ) : null}
            {report.families.map((r) => (
              <tr key={`${r.date}-${r.family}-${r.game_type?.id ?? ''}`}>
                <td className="kc-nowrap">{formatCalendarDate(r.date, intlLocale())}</td>
                <th scope="row">{gameLabel(t, r)}</th>
                <Amount value={r.bets} />
                <Amount value={r.wins} />
                <Amount value={r.refunds} />
                <Amount value={r.ggr} />
                <td className="kc-num">{r.bet_count}</td>
              </tr>
            ))}
          </tbody>
          <FamilyTotals total={report.families_total} />
        </table>
      </div>
    </section>
  );
}

const CountAmount = ({ count, amount }: { count: number; amount: string }) => (
  <td className="kc-num">
    {count} · <Money value={amount} />
  </td>
);

function AgentHead() {
  const { t } = useTranslation();
  return (
    <thead>
      <tr>
        <th scope="col">{t('admin.reportDate')}</th>
        <th scope="col">{t('admin.reportAgent')}</th>
        <th scope="col" className="kc-num">{t('admin.reportDeposits')}</th>
        <th scope="col" className="kc-num">{t('admin.reportWithdrawals')}</th>
        <th scope="col" className="kc-num">{t('admin.reportNewPlayers')}</th>
        <th scope="col" className="kc-num">{t('admin.ggr')}</th>
      </tr>
    </thead>
  );
}

function AgentTotals({ total }: { total: Report['agents_total'] }) {
  const { t } = useTranslation();
  return (
    <tfoot>
      <tr>
        <th scope="row" colSpan={2}>{t('admin.reportTotal')}</th>
        <CountAmount count={total.deposits_count} amount={total.deposits_amount} />
        <CountAmount count={total.withdrawals_count} amount={total.withdrawals_amount} />
        <td className="kc-num">{total.new_players}</td>
        <Amount value={total.ggr} />
      </tr>
    </tfoot>
  );
}

/** Per day × agent: approved deposits and withdrawals, new players, the GGR of its players. */
export function AgentTable({ report }: { report: Report }) {
  const { t } = useTranslation();
  return (
    <section className="card kc-pad" aria-label={t('admin.reportAgentsTitle')}>
      <h2 className="kc-h2">{t('admin.reportAgentsTitle')}</h2>
      <div className="kc-scroll">
        <table className="kc-table" data-testid="report-agents">
          <AgentHead />
          <tbody>
            {report.agents.length === 0 ? (
              <tr>
                <td colSpan={6} className="kc-muted">{t('admin.reportEmpty')}</td>
              </tr>
            ) : null}
            {report.agents.map((r) => (
              <tr key={`${r.date}-${r.agent_code}`}>
                <td className="kc-nowrap">{formatCalendarDate(r.date, intlLocale())}</td>
                <th scope="row">
                  {r.agent_name} <span className="kc-muted kc-small">{r.agent_code}</span>
                </th>
                <CountAmount count={r.deposits_count} amount={r.deposits_amount} />
                <CountAmount count={r.withdrawals_count} amount={r.withdrawals_amount} />
                <td className="kc-num">{r.new_players}</td>
                <Amount value={r.ggr} />
              </tr>
            ))}
          </tbody>
          <AgentTotals total={report.agents_total} />
        </table>
      </div>
    </section>
  );
}
