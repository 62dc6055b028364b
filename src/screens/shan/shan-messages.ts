import type { TFunction } from 'i18next';
import {
  LAUNCH_FAILED,
  LAUNCH_NETWORK_ERROR,
  LAUNCH_SUCCEEDED,
  POPUP_BLOCKED,
  USER_LOAD_FAILED,
} from '../../machines/shan-launch/shan-launch.machine';

/**
 * The launcher's fixed texts (the machine's, in the spec's English) in the reader's language. The
 * server's refusals come worded in it already (they carry codes); anything else (a provider's
 * error_detail) shows as it came.
 */
const KNOWN = {
  [USER_LOAD_FAILED]: 'shan.loadFailed',
  [LAUNCH_SUCCEEDED]: 'shan.launched',
  [LAUNCH_FAILED]: 'shan.launchFailed',
  [LAUNCH_NETWORK_ERROR]: 'shan.networkError',
  [POPUP_BLOCKED]: 'shan.popupBlocked',
} as const;

const keyOf = (text: string) => (KNOWN as Record<string, (typeof KNOWN)[keyof typeof KNOWN] | undefined>)[text];

/** Operator-code errors arrive joined with ', '; each known one is translated on its own. */
export function shanMessage(t: TFunction, text: string): string {
  const whole = keyOf(text);
  if (whole) return t(whole);
  const parts = text.split(', ');
  if (parts.length < 2 || !parts.some(keyOf)) return text;
  return parts.map((part) => {
    const key = keyOf(part);
    return key ? t(key) : part;
  }).join(', ');
}
