/**
 * The toasts every flow raises. Fixed machine and server texts are shown in the reader's
 * language (src/app/messages.ts); anything else as it came.
 */
import { recentServerFailure } from '../api/client';
import { i18n } from '../i18n';
import type { Notice } from '../lib/notice';
import { translateMessage } from './messages';
import { noticeText } from './notice-text';
import { showToast } from './toasts';

/** Spec §8/§9: success toasts last 2 s, error toasts 4 s. */
export const TOAST_SUCCESS_MS = 2000;
export const TOAST_ERROR_MS = 4000;

/** A machine's message: a fixed text of its own (src/app/messages.ts) or notices (src/lib/notice.ts). */
export type ToastMessage = string | Notice | readonly Notice[];

const words = (message: ToastMessage) => (typeof message === 'string' ? translateMessage(i18n.t, message) : noticeText(i18n.t, message));

export const notifySuccess = (message: ToastMessage) => showToast({ kind: 'success', message: words(message), duration: TOAST_SUCCESS_MS });
/** How soon after a server failure (5xx) an error toast is taken to be about it. */
const SERVER_FAILURE_MS = 3000;

/** An error toast; raised just after a server failure, it names the failure's request id for support (issue 28). */
export const notifyError = (message: ToastMessage) => {
  const reference = recentServerFailure(SERVER_FAILURE_MS);
  showToast({ kind: 'error', message: words(message), duration: TOAST_ERROR_MS, ...(reference ? { description: i18n.t('errors.reference', { id: reference }) } : {}) });
};
