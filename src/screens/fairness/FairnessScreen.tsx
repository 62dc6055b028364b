import { useActorRef } from '@xstate/react';
import { useTranslation } from '../../i18n/react';
import { useDigitMachines } from '../../app/session';
import { useView } from '../../app/use-view';
import { Icon } from '../../../shared/components/Icon';
import { connectFairness } from '../../machines/fairness/fairness.connect';
import { PageHeader } from '../../components/PageHeader';
import { RequireLogin } from '../auth/RequireLogin';
import { FairViewContext } from './fair-view';
import { ManualVerify } from './ManualVerify';
import { RevealedSeeds } from './RevealedSeeds';
import { SeedPanel } from './SeedPanel';
import { VerifyPanel } from './VerifyPanel';

/**
 * /fairness: how Digit Bet rolls are made, the active seed pair (its commitment and the client
 * seed), rotating to reveal the server seed, checking every bet of a revealed seed in this
 * browser, and a manual check.
 */
export function FairnessScreen() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <PageHeader title={t('fair.title')} backHref="/digitbet" />
      <RequireLogin>
        <FairnessPage />
      </RequireLogin>
    </div>
  );
}

function FairnessPage() {
  const actor = useActorRef(useDigitMachines().fairness);
  const view = useView(actor, connectFairness);
  return (
    <FairViewContext value={view}>
      <HowItWorks />
      {/* Phones: one column with the check right under the seed pair; wide screens: two columns. */}
      <div className="flex flex-col gap-4 lg:grid lg:grid-cols-2 lg:items-start">
        <div className="contents lg:flex lg:flex-col lg:gap-4">
          <div className="order-1">
            <SeedPanel />
          </div>
          <div className="order-3">
            <RevealedSeeds />
          </div>
        </div>
        <div className="contents lg:flex lg:flex-col lg:gap-4">
          <div className="order-2">
            <VerifyPanel />
          </div>
          <div className="order-4">
            <ManualVerify />
          </div>
        </div>
      </div>
    </FairViewContext>
  );
}

/** How a roll is made and checked, folded away under its title. */
function HowItWorks() {
  const { t } = useTranslation();
  return (
    <details className="card px-4 py-3 text-sm">
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 font-semibold [&::-webkit-details-marker]:hidden">
        <Icon name="help" size={20} className="shrink-0 text-primary" />
        <span className="flex-1">{t('fair.howTitle')}</span>
        <Icon name="chevronRight" size={18} className="shrink-0 text-muted transition-transform duration-150 [details[open]_&]:rotate-90" />
      </summary>
      <ol className="mt-2 flex list-decimal flex-col gap-1.5 pl-5 text-muted">
        <li>{t('fair.howCommit')}</li>
        <li>{t('fair.howRoll')}</li>
        <li className="break-words font-mono text-xs text-fg">HMAC-SHA256(server_seed, client_seed:nonce) → f = b0/256 + b1/256² + b2/256³ + b3/256⁴ → digit = ⌊f × 10⌋</li>
        <li>{t('fair.howReveal')}</li>
      </ol>
    </details>
  );
}
