import { useEffect, type CSSProperties } from 'react';
import { toast, Toaster } from 'sonner';
import { attachToaster } from '../toasts';

/** Spec §8/§9: toasts at the top centre, at most 20 at once. */
const MAX_TOASTS = 20;

/** Sonner's palette, fed from our tokens so toasts follow the theme (and Telegram's). */
const TOAST_COLOURS = {
  '--normal-bg': 'var(--kp-raised)',
  '--normal-border': 'var(--kp-line)',
  '--normal-text': 'var(--kp-fg)',
  '--success-bg': 'var(--kp-raised)',
  '--success-border': 'var(--kp-win)',
  '--success-text': 'var(--kp-fg)',
  '--error-bg': 'var(--kp-raised)',
  '--error-border': 'var(--kp-loss)',
  '--error-text': 'var(--kp-fg)',
} as CSSProperties;

/** Lazy chunk: sonner and its toaster, mounted on the first toast. */
export default function ToasterHost() {
  // The Toaster (a child) subscribes in its own effect, which runs before this one.
  useEffect(() => attachToaster(({ kind, message, duration, description }) => void toast[kind](message, { duration, description })), []);
  return (
    <Toaster
      position="top-center"
      visibleToasts={MAX_TOASTS}
      theme="dark"
      richColors
      style={TOAST_COLOURS}
      offset={{ top: 'calc(var(--kp-safe-top) + 12px)' }}
    />
  );
}
