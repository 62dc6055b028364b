import { useEffect, useRef } from 'react';
import { telegramApp } from './effects';

export interface MainButtonState {
  text: string;
  enabled: boolean;
  busy: boolean;
  onClick: () => void;
}

/**
 * Inside Telegram, a flow's primary action also sits on Telegram's own MainButton (always in
 * thumb reach, above the keyboard); the page's button stays for the web site. Nothing happens
 * outside Telegram. The button is hidden again when the screen goes.
 */
export function useMainButton(state: MainButtonState): void {
  const onClick = useRef(state.onClick);
  onClick.current = state.onClick;

  useEffect(() => {
    const button = telegramApp()?.MainButton;
    if (!button) return;
    const handler = () => onClick.current();
    button.onClick(handler);
    return () => {
      button.offClick(handler);
      button.hideProgress();
      button.hide();
    };
  }, []);

  const { text, enabled, busy } = state;
  useEffect(() => {
    const button = telegramApp()?.MainButton;
    if (!button) return;
    button.setParams({ text, is_active: enabled && !busy, is_visible: true });
    if (busy) button.showProgress(false);
    else button.hideProgress();
  }, [text, enabled, busy]);
}
