/**
 * The toasts every flow raises. Fixed machine and server texts are shown in the reader's
 * language (src/app/messages.ts); anything else as it came.
 */
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
export const notifyError = (message: ToastMessage) => showToast({ kind: 'error', message: words(message), duration: TOAST_ERROR_MS });
