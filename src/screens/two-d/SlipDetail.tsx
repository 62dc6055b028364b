import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import type { Slip, SlipBet } from '../../app/session';
import { Money } from '../../components/Money';
import { StatusBadge } from '../../components/StatusBadge';
import { SLIP_STATUS_LABELS } from '../../../shared/labels';
import { formatDay } from './draw-times';

/** Spec §4: pending is yellow, anything else green. */
function SlipStatus({ status }: { status: string }) {
  const { t } = useTranslation();
  const word = status.trim().toLowerCase();
  if (word === 'pending') return <StatusBadge tone="pending" label={t(SLIP_STATUS_LABELS.pending)} />;
  const label = word === 'completed' || word === 'voided' ? t(SLIP_STATUS_LABELS[word]) : t('two_d.slipCompleted');
  return <StatusBadge tone="success" label={label} />;
}

function sessionLabel(t: TFunction, session: string) {
  return session === 'morning' ? t('two_d.morning') : session === 'evening' ? t('two_d.evening') : session;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="font-semibold">{children}</dd>
    </div>
  );
}

/** The latest slip in full: who, which draw, the balance before and after, and every line. */
export function SlipDetail({ slip }: { slip: Slip }) {
  const { t } = useTranslation();
  return (
    <article aria-labelledby="slip-title" className="card overflow-hidden">
      <header className="flex flex-wrap items-center justify-between gap-2 bg-raised px-4 py-3">
        <h2 id="slip-title" className="min-w-0 break-all text-base font-bold">
          <span className="text-muted font-medium">{t('two_d.slipNo')} </span>
          <span className="font-mono tabular-nums">{slip.slipNo}</span>
        </h2>
        <SlipStatus status={slip.status} />
      </header>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 p-4 sm:grid-cols-3">
        <Fact label={t('two_d.player')}>{slip.playerName || '—'}</Fact>
        <Fact label={t('two_d.session')}>{sessionLabel(t, slip.session)}</Fact>
        <Fact label={t('two_d.date')}>{slip.gameDate ? formatDay(slip.gameDate) : '—'}</Fact>
        <Fact label={t('two_d.totalBet')}>
          <Money value={slip.totalBetAmount} />
        </Fact>
        <Fact label={t('two_d.beforeBalance')}>
          <Money value={slip.beforeBalance} className="text-fg" />
        </Fact>
        <Fact label={t('two_d.afterBalance')}>
          <Money value={slip.afterBalance} className="text-fg" />
        </Fact>
      </dl>
      <BetLines bets={slip.bets} />
    </article>
  );
}

function BetLines({ bets }: { bets: SlipBet[] }) {
  const { t } = useTranslation();
  const cell = 'px-3 py-2.5 sm:px-4';
  return (
    <div className="overflow-x-auto border-t border-line">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{t('two_d.lines')}</caption>
        <thead className="bg-raised text-muted">
          <tr>
            <th scope="col" className={`${cell} font-medium`}>{t('two_d.number')}</th>
            <th scope="col" className={`${cell} text-right font-medium`}>{t('two_d.amount')}</th>
            <th scope="col" className={`${cell} text-right font-medium`}>{t('two_d.payout')}</th>
            <th scope="col" className={`${cell} text-center font-medium`}>{t('two_d.result')}</th>
          </tr>
        </thead>
        <tbody>
          {bets.map((bet) => (
            <tr key={bet.id} className="border-t border-line">
              <td className={`${cell} text-lg font-bold tabular-nums`}>{bet.betNumber}</td>
              <td className={`${cell} text-right`}>
                <Money value={bet.betAmount} className="text-fg" />
              </td>
              <td className={`${cell} text-right`}>
                <Money value={bet.potentialPayout} />
              </td>
              <td className={`${cell} text-center`}>
                <Result win={bet.winLose} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Result({ win }: { win: boolean | null }) {
  const { t } = useTranslation();
  if (win === null) return <span className="text-muted">{t('two_d.notDrawn')}</span>;
  return <span className={`font-semibold ${win ? 'text-win' : 'text-loss'}`}>{win ? t('two_d.win') : t('two_d.lose')}</span>;
}

/** An earlier slip of the same draw, in one line. */
export function SlipRow({ slip }: { slip: Slip }) {
  const { t } = useTranslation();
  return (
    <li className="card flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3">
      <span className="min-w-0 flex-1 break-all font-mono text-sm tabular-nums">{slip.slipNo}</span>
      <span className="text-sm text-muted">{t('two_d.linesCount', { count: slip.bets.length })}</span>
      <Money value={slip.totalBetAmount} />
      <SlipStatus status={slip.status} />
    </li>
  );
}
