import { useEffect } from 'react';
import { useActorRef } from '@xstate/react';
import { useTranslation } from '../../i18n/react';
import { useDigitMachines } from '../../app/session';
import { useView } from '../../app/use-view';
import { connectDigitBet } from '../../machines/digit-bet/digit-bet.connect';
import { RequireLogin } from '../auth/RequireLogin';
import { BetModal } from './BetModal';
import { CurrentBet } from './CurrentBet';
import { DigitViewContext } from './digit-view';
import { DigitPad } from './DigitPad';
import { HistorySection } from './HistorySection';
import { ResultStage } from './ResultStage';
import { StakePanel } from './StakePanel';
import { holdVerticalSwipes } from '../../telegram/effects';
import './digit-bet.css';

/**
 * /digitbet: the result image, the digit rows and Big/Small, the bet amount with its multiplier
 * modal, the multipliers, the stake line, Roll the Dice with its status, the Current Bet and the
 * history. Players only; a guest gets the login prompt.
 */
export function DigitBetScreen() {
  const { t } = useTranslation();
  // Inside Telegram a swipe down while playing must scroll the game, not close the Mini App.
  useEffect(() => holdVerticalSwipes(), []);
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <div>
        <h1 className="text-xl font-bold md:text-2xl">{t('digit.title')}</h1>
        <p className="mt-1 text-sm text-muted">{t('digit.tagline')}</p>
      </div>
      <RequireLogin>
        <DigitGame />
      </RequireLogin>
    </div>
  );
}

function DigitGame() {
  const machines = useDigitMachines();
  // One actor per visit: history loads on entry, the countdown setting is read now.
  const actor = useActorRef(machines.digitBet, { input: machines.digitBetInput() });
  const view = useView(actor, connectDigitBet);
  return (
    <DigitViewContext value={view}>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_360px] lg:items-start">
        <div className="flex flex-col gap-4">
          <ResultStage />
          <DigitPad />
        </div>
        <div className="flex flex-col gap-4 lg:sticky lg:top-[calc(var(--kp-topbar-h)+16px)]">
          <StakePanel />
          <CurrentBet />
        </div>
      </div>
      <HistorySection />
      <BetModal />
    </DigitViewContext>
  );
}
