/**
 * Idempotency-Key values for money POSTs (api-contract.md, Two wallets): a repeat with the same
 * key returns the first answer instead of moving money twice.
 * `crypto.randomUUID` exists only in secure contexts (https, localhost); elsewhere a v4 UUID is
 * built from `getRandomValues`, and only without any Web Crypto from Math.random.
 */
export function createIdempotencyKey(): string {
  const crypto = globalThis.crypto as Crypto | undefined;
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof crypto?.getRandomValues === 'function') crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6] & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8] & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
