import { useTranslation } from '../../i18n/react';
import { formatClock } from './draw-times';

/**
 * The modern and internet digits of 9:30 AM and 2:00 PM (spec §2: hard-coded samples, not from
 * the server). Nothing settles on them, and the block says so.
 */
const SAMPLES = [
  { time: '09:30', modern: '45', internet: '72' },
  { time: '14:00', modern: '18', internet: '63' },
] as const;

export function ModernInternet() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="modern-title" className="card p-4">
      <h2 id="modern-title" className="text-base font-bold">
        {t('two_d.modernInternet')}
      </h2>
      <p className="mt-1 text-xs text-muted">{t('two_d.informational')}</p>
      <table className="mt-3 w-full border-collapse text-sm">
        <thead className="text-muted">
          <tr>
            <th scope="col" className="py-2 text-left font-medium">{t('two_d.time')}</th>
            <th scope="col" className="py-2 text-center font-medium">{t('two_d.modern')}</th>
            <th scope="col" className="py-2 text-center font-medium">{t('two_d.internet')}</th>
          </tr>
        </thead>
        <tbody>
          {SAMPLES.map((row) => (
            <tr key={row.time} className="border-t border-line">
              <th scope="row" className="py-2.5 text-left font-medium tabular-nums">{formatClock(row.time)}</th>
              <td className="py-2.5 text-center text-lg font-bold tabular-nums">{row.modern}</td>
              <td className="py-2.5 text-center text-lg font-bold tabular-nums">{row.internet}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
