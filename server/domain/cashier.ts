/**
 * Cashier rules (api-contract.md § Cashier): request statuses, amount bounds and the receipt
 * image formats we accept, judged by their bytes, never by a file name.
 */
import { APPROVED, PENDING, REJECTED, STATUS_LABELS, type StatusLabel } from '../../shared/contract/cashier-status';

/** Request status: 0 pending, 1 approved, 2 rejected (shared/contract/cashier-status.ts: the site labels the same list). */
export { APPROVED, PENDING, REJECTED, REQUEST_STATUSES, STATUS_LABELS, type RequestStatus, type StatusLabel } from '../../shared/contract/cashier-status';

/** Whole Kyat bounds of a request. */
export const DEPOSIT_MIN_KYAT = 1000;
export const WITHDRAW_MIN_KYAT = 10_000;
export const REQUEST_MAX_KYAT = 100_000_000;

export function statusLabel(status: number): StatusLabel {
  if (status === APPROVED) return STATUS_LABELS[APPROVED];
  if (status === REJECTED) return STATUS_LABELS[REJECTED];
  return STATUS_LABELS[PENDING];
}

/** The operator's words for a status (admin API, CLI, ?status= filter). */
export const STATUS_WORDS = { pending: PENDING, approved: APPROVED, rejected: REJECTED } as const;
export type StatusWord = keyof typeof STATUS_WORDS;

export function statusWord(status: number): StatusWord {
  if (status === APPROVED) return 'approved';
  if (status === REJECTED) return 'rejected';
  return 'pending';
}

export interface ImageKind {
  ext: 'png' | 'jpg' | 'webp';
  contentType: 'image/png' | 'image/jpeg' | 'image/webp';
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The image format of `bytes` by its magic number (PNG, JPEG, WebP), or null for anything else. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  if (bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) {
    return { ext: 'png', contentType: 'image/png' };
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { ext: 'jpg', contentType: 'image/jpeg' };
  }
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') {
    return { ext: 'webp', contentType: 'image/webp' };
  }
  return null;
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}
