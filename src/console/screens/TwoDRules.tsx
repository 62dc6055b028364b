import { useTranslation } from '../../i18n/react';
import type { TwoDResult } from '../../api/admin';
import { Breaks } from './Breaks';
import { Closures } from './Closures';
import { Holidays } from './Holidays';
import './ops.css';
import { kyat } from './ops-shared';

/** The day's two draws: result, and whether it is settled, voided or waiting. */
export function DrawsToday({ results, closedDay = false }: { results: TwoDResult[]; closedDay?: boolean }) {
  const { t } = useTranslation();
  const line = (session: 'morning' | 'evening') => {
    const r = results.find((x) => x.session === session);
    // A weekend or holiday has no draw to wait for (not "no result yet").
    if (!r) return <span className="kc-muted">{closedDay ? t('admin.noDraw') : t('admin.opsDrawNoResult')}</span>;
    if (r.settlement?.outcome === 'voided') return <span className="kc-warn">{t('admin.opsDrawVoided')}</span>;
    if (r.settlement) return <span className="kc-good">{t('admin.opsDrawSettled', { twod: r.twod, winners: r.settlement.winners, paid: kyat(r.settlement.paid) })}</span>;
    if (r.pending) return <span className="kc-warn">{t('admin.opsDrawPending', { twod: r.twod })}</span>;
    if (r.status === 'confirmed') return <span>{t('admin.opsDrawConfirmed', { twod: r.twod })}</span>;
    return <span className="kc-muted">{t('admin.opsDrawProvisional', { twod: r.twod })}</span>;
  };
  return (
    <section className="card kc-pad" aria-label={t('admin.opsDraws')} data-testid="draws-today">
      <h2 className="kc-h2">{t('admin.opsDraws')}</h2>
      <dl className="kc-facts">
        <dt>{t('admin.morning')}</dt>
        <dd>{line('morning')}</dd>
        <dt>{t('admin.evening')}</dt>
        <dd>{line('evening')}</dd>
      </dl>
    </section>
  );
}

/** The 2D rules under the draw: holidays, closed numbers and per-number breaks. */
export function TwoDRules({ onChanged }: { onChanged: () => void }) {
  return (
    <div className="kc-rules">
      <Holidays />
      <Closures onChanged={onChanged} />
      <Breaks onChanged={onChanged} />
    </div>
  );
}
