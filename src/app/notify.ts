/**
 * The toasts every flow raises. Fixed machine and server texts are shown in the reader's
 * language (src/app/messages.ts); anything else as it came.
 */
import { i18n } from '../i18n';
import { translateMessage } from './messages';
import { showToast } from './toasts';

/** Spec §8/§9: success toasts last 2 s, error toasts 4 s. */
export const TOAST_SUCCESS_MS = 2000;
export const TOAST_ERROR_MS = 4000;

export const notifySuccess = (message: string) => showToast({ kind: 'success', message: translateMessage(i18n.t, message), duration: TOAST_SUCCESS_MS });
export const notifyError = (message: string) => showToast({ kind: 'error', message: translateMessage(i18n.t, message), duration: TOAST_ERROR_MS });
