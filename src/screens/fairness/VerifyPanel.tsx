import { useTranslation } from '../../i18n/react';
import { Icon } from '../../../shared/components/Icon';
import { Spinner } from '../../components/Spinner';
import type { VerifiedBet } from '../../lib/fair-roll';
import { useFairView } from './fair-view';
import { fairErrorText } from './fair-text';

/** A revealed seed checked in this browser: SHA-256(seed) against the commitment, and every roll recomputed. */
export function VerifyPanel() {
  const { t } = useTranslation();
  const { verifyingSeedId: seedId, verifying, verification, verifyError: error } = useFairView();
  if (seedId === null) {
    return (
      <section className="card flex items-center gap-3 p-4 text-sm text-muted">
        <Icon name="shield" size={22} className="shrink-0 text-primary" />
        {t('fair.verifyIntro')}
      </section>
    );
  }
  return (
    <section className="card flex flex-col gap-3 p-4" aria-labelledby="fair-verify" aria-busy={verifying}>
      <h2 id="fair-verify" className="text-lg font-bold">
        {t('fair.verifyTitle', { id: seedId })}
      </h2>
      {verifying ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted">
          <Spinner size={18} /> {t('fair.checking')}
        </p>
      ) : error ? (
        <p role="alert" className="text-sm text-loss">
          {fairErrorText(t, error)}
        </p>
      ) : verification ? (
        <>
          <HashCheck ok={verification.hashOk} />
          <BetChecks bets={verification.bets} />
        </>
      ) : null}
    </section>
  );
}

function HashCheck({ ok }: { ok: boolean }) {
  const { t } = useTranslation();
  return (
    <p
      data-testid={ok ? 'fair-hash-ok' : 'fair-hash-bad'}
      className={`flex items-start gap-2 rounded-xl border px-3 py-2.5 text-sm font-semibold ${ok ? 'border-win text-win' : 'border-loss text-loss'}`}
    >
      <Icon name={ok ? 'check' : 'cross'} size={18} className="mt-0.5 shrink-0" />
      {ok ? t('fair.hashOk') : t('fair.hashBad')}
    </p>
  );
}

function BetChecks({ bets }: { bets: VerifiedBet[] }) {
  const { t } = useTranslation();
  if (!bets.length) return <p className="text-sm text-muted">{t('fair.noBets')}</p>;
  const allOk = bets.every((b) => b.ok);
  return (
    <>
      <p className={`text-sm font-semibold ${allOk ? 'text-win' : 'text-loss'}`}>{allOk ? t('fair.allMatch', { n: bets.length }) : t('fair.someDiffer')}</p>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-line text-muted">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">{t('fair.nonce')}</th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">{t('fair.serverRolled')}</th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">{t('fair.browserRolled')}</th>
              <th scope="col" className="py-2 pr-3 text-center font-medium">
                <span className="sr-only">{t('fair.match')}</span>✓
              </th>
              <th scope="col" className="py-2 font-medium">
                <span className="sr-only">{t('fair.byHand')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {bets.map((bet) => (
              <BetCheck key={bet.id} bet={bet} />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** One bet: the server's roll, the browser's, whether they match, and "check by hand". */
function BetCheck({ bet }: { bet: VerifiedBet }) {
  const { t } = useTranslation();
  const { verifyingSeed: seed, checkByHand } = useFairView();
  return (
    <tr data-testid={bet.ok ? 'fair-verified' : 'fair-mismatch'} data-digit={bet.computed} data-nonce={bet.nonce}>
      <td className="py-2 pr-3 tabular-nums">{bet.nonce}</td>
      <td className="py-2 pr-3 text-right font-bold tabular-nums">{bet.rolled}</td>
      <td className="py-2 pr-3 text-right font-bold tabular-nums">{bet.computed}</td>
      <td className={`py-2 pr-3 text-center text-base font-bold ${bet.ok ? 'text-win' : 'text-loss'}`} aria-label={bet.ok ? t('fair.match') : t('fair.mismatch')}>
        {bet.ok ? '✓' : '✗'}
      </td>
      <td className="py-1 text-right">
        {seed ? (
          <button
            type="button"
            className="icon-btn text-link"
            aria-label={`${t('fair.byHand')} (${t('fair.nonce')} ${bet.nonce})`}
            title={t('fair.byHand')}
            onClick={() => checkByHand(seed, bet.nonce)}
          >
            <Icon name="search" size={18} />
          </button>
        ) : null}
      </td>
    </tr>
  );
}
