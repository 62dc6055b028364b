import { useEffect } from 'react';
import { Route, Switch, useSearch } from 'wouter';
import { useActorRef } from '@xstate/react';
import { sessionFromTimeId } from '../../lib/two-d/session';
import { useTwoDMachines } from '../../app/session';
import { useView } from '../../app/use-view';
import { connectTwoDBet } from '../../machines/two-d-bet/two-d-bet.connect';
import { RequireLogin } from '../auth/RequireLogin';
import { BetViewContext } from './bet-view';
import { BetScreen } from './BetScreen';
import { ConfirmScreen } from './ConfirmScreen';

/**
 * /2d/bet and /2d/confirm: one bet actor above both pages, so the selection travels from the
 * grid to the review and back (routes.tsx keeps this component mounted between them). It starts
 * from the stored draft, so a reload keeps the bet.
 */
export function TwoDBetFlow() {
  return (
    <RequireLogin>
      <BetFlow />
    </RequireLogin>
  );
}

function BetFlow() {
  const machines = useTwoDMachines();
  const session = sessionFromTimeId(new URLSearchParams(useSearch()).get('time'));
  const actor = useActorRef(machines.twoDBet, { input: { session, draft: machines.readDraft() } });
  const view = useView(actor, connectTwoDBet);
  const { changeSession } = view;
  // The address is the truth for the draw (the draw tabs, back and forward): the bet follows it.
  useEffect(() => {
    if (session) changeSession(session);
  }, [changeSession, session]);

  return (
    <BetViewContext value={view}>
      <Switch>
        <Route path="/2d/bet" component={BetScreen} />
        <Route path="/2d/confirm">{() => <ConfirmScreen readDraft={machines.readDraft} />}</Route>
      </Switch>
    </BetViewContext>
  );
}
