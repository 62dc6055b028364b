import { createContext, useContext } from 'react';
import type { TwoDBetView } from '../../machines/two-d-bet/two-d-bet.connect';

/** The bet's view object /2d/bet and /2d/confirm share (TwoDBetFlow reads the one bet actor and provides it). */
export const BetViewContext = createContext<TwoDBetView | null>(null);

export function useBetView(): TwoDBetView {
  const view = useContext(BetViewContext);
  if (!view) throw new Error('TwoDBetFlow is missing');
  return view;
}
