import { useBottomButton, type BottomButtonState } from './bottom-button';
import { hasSecondaryButton } from './secondary-support';

export { hasSecondaryButton };

export type SecondaryButtonState = BottomButtonState;

/**
 * A flow's second action (2D's Add more) on Telegram's SecondaryButton, beside the MainButton.
 * It came with Bot API 7.10: older clients and the web site get nothing and the hook returns
 * false, so the page keeps its own control; true means the native button carries the action.
 */
export function useSecondaryButton(state: SecondaryButtonState): boolean {
  useBottomButton('secondary', state);
  return hasSecondaryButton();
}
