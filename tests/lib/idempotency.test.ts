import { afterEach, describe, expect, it, vi } from 'vitest';
import { createIdempotencyKey } from '../../src/lib/idempotency';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('createIdempotencyKey', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a fresh v4 UUID each time', () => {
    const keys = new Set(Array.from({ length: 100 }, createIdempotencyKey));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(UUID_V4);
  });

  it('builds one from getRandomValues where randomUUID is missing (insecure context)', () => {
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => bytes.fill(0xab) });
    expect(createIdempotencyKey()).toBe('abababab-abab-4bab-abab-abababababab');
  });

  it('still answers without Web Crypto at all', () => {
    vi.stubGlobal('crypto', undefined);
    expect(createIdempotencyKey()).toMatch(UUID_V4);
  });
});
