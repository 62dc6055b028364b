import { useEffect, useRef } from 'react';

import type { BottomButtonKind, BottomButtonOwner, BottomButtonState } from './bottom-button-types';

export type { BottomButtonKind, BottomButtonOwner, BottomButtonState };

type Native = typeof import('./bottom-button-native');
let native: Promise<Native> | undefined;
// setup.ts marks the page before the first render; the web site never loads the native half.
const load = () => (document.documentElement.dataset.telegram ? (native ??= import('./bottom-button-native')) : undefined);

/**
 * A screen's claim on one of Telegram's bottom buttons (Main, Secondary) while it is mounted. This
 * half sits in the entry chunk (the auth dialogs use it), so it stays tiny: the stack of owners
 * and the SDK calls live in ./bottom-button-native, loaded inside Telegram only.
 */
export function useBottomButton(kind: BottomButtonKind, state: BottomButtonState): void {
  const owner = useRef<BottomButtonOwner>({ state });
  owner.current.state = state;
  const { text, enabled, busy } = state;

  useEffect(() => {
    const me = owner.current;
    let release: (() => void) | undefined;
    let gone = false;
    void load()?.then((m) => {
      if (!gone) release = m.claim(kind, me);
    });
    return () => {
      gone = true;
      release?.();
    };
  }, [kind]);
  useEffect(() => {
    void load()?.then((m) => m.paint(kind));
  }, [kind, text, enabled, busy]);
}
