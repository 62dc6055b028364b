import { createContext, useContext } from 'react';
import type { DigitBetView } from '../../machines/digit-bet/digit-bet.connect';

/** The Digit Bet view object of the page (DigitBetScreen reads the game once and provides it). */
export const DigitViewContext = createContext<DigitBetView | null>(null);

export function useDigitView(): DigitBetView {
  const view = useContext(DigitViewContext);
  if (!view) throw new Error('DigitBetScreen is missing');
  return view;
}
