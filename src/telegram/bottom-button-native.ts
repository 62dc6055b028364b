import type { WebAppT } from './sdk';
import type { BottomButtonKind, BottomButtonOwner } from './bottom-button-types';
import { telegramApp } from './effects';
import { hasSecondaryButton } from './secondary-support';
import { withoutJoiners } from '../../shared/keep-syllables';

type Button = WebAppT['MainButton'];

/**
 * Telegram has one MainButton and one SecondaryButton for the whole Mini App, so the screens that
 * claim one form a stack: the last mounted (a dialog over a page) owns its look and its press;
 * when it goes, the one beneath gets the button back; with no owner it is hidden.
 */
const owners: Record<BottomButtonKind, BottomButtonOwner[]> = { main: [], secondary: [] };
const bound: Record<BottomButtonKind, boolean> = { main: false, secondary: false };
const presses: Record<BottomButtonKind, () => void> = {
  main: () => owners.main.at(-1)?.state.onClick(),
  secondary: () => owners.secondary.at(-1)?.state.onClick(),
};

function nativeButton(kind: BottomButtonKind): Button | null {
  const app = telegramApp();
  if (!app) return null;
  return kind === 'main' ? app.MainButton : hasSecondaryButton() ? app.SecondaryButton : null;
}

export function claim(kind: BottomButtonKind, owner: BottomButtonOwner): () => void {
  owners[kind].push(owner);
  paint(kind);
  return () => {
    owners[kind].splice(owners[kind].indexOf(owner), 1);
    paint(kind);
  };
}

/** Shows the top owner's text, state and progress (or hides the button when nobody owns it). */
export function paint(kind: BottomButtonKind): void {
  const button = nativeButton(kind);
  if (!button) return;
  const top = owners[kind].at(-1)?.state;
  try {
    if (top && !bound[kind]) button.onClick(presses[kind]);
    if (!top && bound[kind]) button.offClick(presses[kind]);
    bound[kind] = !!top;
    // hideProgress() re-activates the button, so it goes before is_active is set.
    if (!top) button.hideProgress().hide();
    // Telegram draws the label itself: our Burmese word joiners (shared/keep-syllables) must not reach it.
    else if (top.busy) button.setParams({ text: withoutJoiners(top.text), is_visible: true }).showProgress(false);
    else button.hideProgress().setParams({ text: withoutJoiners(top.text), is_active: top.enabled, is_visible: true });
  } catch {
    // Telegram refuses an empty text or one over 64 characters (ours are short labels): never break the screen.
  }
}
