import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { translateMessage } from '../../app/messages';
import { Alert } from '../../components/Alert';
import { Field } from '../../components/Field';
import { Icon } from '../../../shared/components/Icon';
import { PageHeader } from '../../components/PageHeader';
import { normaliseDigits } from '../../lib/money';
import { holdVerticalSwipes } from '../../telegram/effects';
import { BetBar } from './BetBar';
import { BetTools } from './BetTools';
import { useBetView } from './bet-view';
import { GridSkeleton } from './GridSkeleton';
import { HelpDialog } from './HelpDialog';
import { NumberGrid } from './NumberGrid';
import { SessionCard } from './SessionCard';

/** /2d/bet?time=2|4: the stake, the draw, the 00–99 grid, quick picks, typed entries and Bet. */
export function BetScreen() {
  const { t } = useTranslation();
  const { availability, availabilityError, closed, reviewing, addMore } = useBetView();
  const [help, setHelp] = useState(false);
  // Inside Telegram a swipe down over the grid must scroll it, not close the Mini App.
  useEffect(() => holdVerticalSwipes(), []);
  // Back from the review by the browser: the bet returns to picking, as with Add more. Once, on
  // arrival (`addMore` is the same function for the whole visit; `reviewing` as it was then).
  useEffect(() => {
    if (reviewing) addMore();
  }, [addMore]);

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <PageHeader
        title={t('two_d.betTitle')}
        backHref="/2d"
        action={
          <button type="button" className="icon-btn border border-line" onClick={() => setHelp(true)} aria-label={t('two_d.helpTitle')} aria-haspopup="dialog">
            <Icon name="help" />
          </button>
        }
      />
      {/* Phones: draw, stake, the quick-pick and typed-entry toggles, then the grid. Wide screens:
          the tools in a column of their own beside draw, stake and grid. */}
      <div className={`grid gap-4 lg:items-start ${closed ? '' : 'lg:grid-cols-[minmax(0,1fr)_340px]'}`}>
        <div className="flex flex-col gap-4 lg:col-start-1">
          <SessionCard />
          <StakeField disabled={closed} />
        </div>
        {closed ? null : <BetTools disabled={!availability} />}
        <div className="lg:col-start-1">
          {availability ? <NumberGrid /> : availabilityError ? <AvailabilityFailed message={availabilityError} /> : <GridSkeleton />}
        </div>
      </div>
      <BetBar closed={closed} />
      {help ? <HelpDialog onClose={() => setHelp(false)} /> : null}
    </div>
  );
}

function StakeField({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const { stake, changeStake } = useBetView();
  return (
    <div className="card p-4">
      <Field
        label={t('two_d.stake')}
        name="stake"
        numeric
        type="text"
        autoComplete="off"
        min={1}
        value={stake}
        disabled={disabled}
        onChange={(e) => changeStake(normaliseDigits(e.currentTarget.value))}
        note={<p className="mt-1 text-xs text-muted">{t('two_d.stakeHint')}</p>}
      />
    </div>
  );
}

function AvailabilityFailed({ message }: { message: string }) {
  const { t } = useTranslation();
  const { refreshAvailability } = useBetView();
  return (
    <Alert>
      <p>{translateMessage(t, message) || t('errors.somethingWrong')}</p>
      <button type="button" className="btn-outline mt-2 px-4" onClick={refreshAvailability}>
        <Icon name="refresh" size={18} />
        {t('btn.tryAgain')}
      </button>
    </Alert>
  );
}
