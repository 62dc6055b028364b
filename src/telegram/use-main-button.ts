import { useBottomButton, type BottomButtonState } from './bottom-button';

export type MainButtonState = BottomButtonState;

/**
 * Inside Telegram, a flow's primary action also sits on Telegram's own MainButton (always in
 * thumb reach, above the keyboard); the page hides its own button there (`tg-web-only`) and keeps
 * it for the web site. Nothing happens (or loads) outside Telegram. The button is hidden again, or
 * handed back to the page beneath a dialog, when the screen goes.
 */
export function useMainButton(state: MainButtonState): void {
  useBottomButton('main', state);
}
