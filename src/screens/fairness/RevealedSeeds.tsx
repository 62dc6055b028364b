import { useTranslation } from '../../i18n/react';
import type { RevealedSeed } from '../../api/types';
import { DateTime } from '../../components/DateTime';
import { EmptyState } from '../../components/EmptyState';
import { useFairView } from './fair-view';

/** The revealed seed pairs, newest first; each can be checked in this browser. */
export function RevealedSeeds() {
  const { t } = useTranslation();
  const { revealed, current } = useFairView();
  if (!current) return null;
  return (
    <section className="flex flex-col gap-3" aria-labelledby="fair-revealed">
      <h2 id="fair-revealed" className="text-lg font-bold">
        {t('fair.revealedTitle')}
      </h2>
      {revealed.length ? (
        <ul className="flex flex-col gap-2">
          {revealed.map((seed) => (
            <SeedRow key={seed.seedId} seed={seed} />
          ))}
        </ul>
      ) : (
        <EmptyState icon="shield" title={t('fair.noRevealed')} hint={t('fair.noRevealedHint')} />
      )}
    </section>
  );
}

function SeedRow({ seed }: { seed: RevealedSeed }) {
  const { t } = useTranslation();
  const { verifying, verifyingSeedId, verify } = useFairView();
  const checking = verifying && verifyingSeedId === seed.seedId;
  return (
    <li className="card flex flex-col gap-2 p-3 text-sm" data-testid="fair-revealed-seed" data-seed-id={seed.seedId}>
      <div className="flex items-center justify-between gap-2">
        <span className="font-bold">{t('fair.seedNumber', { id: seed.seedId })}</span>
        <span className="text-xs text-muted tabular-nums">
          {t('fair.betsCount', { count: seed.bets })} · <DateTime value={seed.revealedAt} />
        </span>
      </div>
      <Line label={t('fair.serverSeed')} value={seed.serverSeed} />
      <Line label={t('fair.serverSeedHash')} value={seed.serverSeedHash} />
      <Line label={t('fair.clientSeed')} value={seed.clientSeed} />
      <button
        type="button"
        className="btn-outline w-full"
        disabled={checking}
        aria-busy={checking || undefined}
        data-testid={`verify-seed-${seed.seedId}`}
        onClick={() => verify(seed.seedId)}
      >
        {checking ? t('fair.checking') : t('fair.verify')}
      </button>
    </li>
  );
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <p className="text-xs text-muted">{label}</p>
      <p className="break-all font-mono text-xs">{value}</p>
    </div>
  );
}
