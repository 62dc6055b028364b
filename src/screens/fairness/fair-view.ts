import { createContext, useContext } from 'react';
import type { FairnessView } from '../../machines/fairness/fairness.connect';

/** The fairness page's view object (FairnessScreen reads the machine once and provides it). */
export const FairViewContext = createContext<FairnessView | null>(null);

export function useFairView(): FairnessView {
  const view = useContext(FairViewContext);
  if (!view) throw new Error('FairnessScreen is missing');
  return view;
}
