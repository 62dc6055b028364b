/**
 * The browser verifier (WebCrypto, src/lib/fair-roll.ts) against the known vectors the server's
 * tests also check (docs/digit-bet.md), and against a plain node:crypto reading of the documented
 * algorithm over many random cases.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { DigitBetRow, RevealedSeed } from '../../src/api/types';
import {
  digitFromBytes,
  fairDigit,
  isClientSeed,
  isServerSeed,
  manualRoll,
  rollBytes,
  seedHash,
  verifySeed,
} from '../../src/lib/fair-roll';

/** docs/digit-bet.md, Known vectors. */
const VECTORS = [
  { seed: '00'.repeat(32), hash: '66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925', client: 'client', nonce: 0, digit: 3, head: '4fc977f2' },
  { seed: '0123456789abcdef'.repeat(4), hash: '4884fdaafea47c29fea7159d0daddd9c085d6200e1359e85bb81736af6b7c837', client: 'kyatplay', nonce: 42, digit: 1, head: '1fd4b01b' },
  { seed: 'ff'.repeat(32), hash: 'af9613760f72635fbdb44a5a0a63c39f12af30f950a6ee5c971be188e89c4051', client: 'my-seed_2024!', nonce: 999, digit: 9, head: 'f756c2d6' },
];

/** The documented algorithm, written the obvious way with node:crypto. */
function nodeDigit(seedHex: string, clientSeed: string, nonce: number): number {
  const b = createHmac('sha256', Buffer.from(seedHex, 'hex')).update(`${clientSeed}:${nonce}`, 'utf8').digest();
  return Math.floor((b[0]! / 256 + b[1]! / 256 ** 2 + b[2]! / 256 ** 3 + b[3]! / 256 ** 4) * 10);
}

const randomClientSeed = () => {
  const length = 1 + Math.floor(Math.random() * 64);
  return Array.from({ length }, () => String.fromCharCode(0x21 + Math.floor(Math.random() * 94))).join('');
};

describe('fair roll (WebCrypto)', () => {
  it.each(VECTORS)('vector $client:$nonce rolls $digit', async ({ seed, hash, client, nonce, digit, head }) => {
    expect(await seedHash(seed)).toBe(hash);
    const bytes = await rollBytes(seed, client, nonce);
    expect(Buffer.from(bytes.slice(0, 4)).toString('hex')).toBe(head);
    expect(await fairDigit(seed, client, nonce)).toBe(digit);
    expect(await manualRoll(seed, client, nonce)).toEqual({ digit, serverSeedHash: hash });
  });

  it('an upper-case seed is the same seed', async () => {
    const { seed, client, nonce, digit, hash } = VECTORS[1]!;
    expect(await fairDigit(seed.toUpperCase(), client, nonce)).toBe(digit);
    expect(await seedHash(seed.toUpperCase())).toBe(hash);
  });

  it('agrees with node:crypto on 1,000 random seeds, client seeds and nonces', async () => {
    for (let i = 0; i < 1000; i++) {
      const seed = randomBytes(32).toString('hex');
      const client = randomClientSeed();
      const nonce = Math.floor(Math.random() * 100_000);
      expect(await fairDigit(seed, client, nonce), `${seed} ${client} ${nonce}`).toBe(nodeDigit(seed, client, nonce));
      if (i % 100 === 0) expect(await seedHash(seed)).toBe(createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'));
    }
  });

  it('maps the byte range onto 0–9 at the exact edges', () => {
    expect(digitFromBytes(new Uint8Array([0, 0, 0, 0]))).toBe(0);
    expect(digitFromBytes(new Uint8Array([0x19, 0x99, 0x99, 0x99]))).toBe(0);
    expect(digitFromBytes(new Uint8Array([0x19, 0x99, 0x99, 0x9a]))).toBe(1);
    expect(digitFromBytes(new Uint8Array([0xe6, 0x66, 0x66, 0x66]))).toBe(8);
    expect(digitFromBytes(new Uint8Array([0xe6, 0x66, 0x66, 0x67]))).toBe(9);
    expect(digitFromBytes(new Uint8Array([0xff, 0xff, 0xff, 0xff]))).toBe(9);
  });

  it('checks the seed formats the server accepts', () => {
    expect(isServerSeed('ab'.repeat(32))).toBe(true);
    expect(isServerSeed('ab'.repeat(31))).toBe(false);
    expect(isServerSeed('zz'.repeat(32))).toBe(false);
    expect(isClientSeed('my-seed_2024!')).toBe(true);
    expect(isClientSeed('has space')).toBe(false);
    expect(isClientSeed('')).toBe(false);
    expect(isClientSeed('x'.repeat(65))).toBe(false);
    expect(isClientSeed('မြန်မာ')).toBe(false);
  });
});

describe('verifying a revealed seed', () => {
  const { seed: serverSeed, hash, client } = VECTORS[0]!;
  const seed: RevealedSeed = { seedId: 4, serverSeed, serverSeedHash: hash, clientSeed: client, bets: 3, createdAt: '', revealedAt: '' };
  const row = (nonce: number, rolledNumber: number): DigitBetRow => ({
    id: 100 + nonce,
    timestamp: '2026-11-21T06:30:00.000Z',
    betType: 'digit',
    digit: 3,
    betAmount: '1.00',
    multiplier: 1,
    stake: '1.00',
    rolledNumber,
    outcome: rolledNumber === 3 ? 'win' : 'lose',
    winAmount: '0.00',
    profit: '-1.00',
    seedId: 4,
    nonce,
    clientSeed: client,
    serverSeedHash: hash,
  });

  it('marks each bet ✓ when the browser rolls what the server said, in nonce order', async () => {
    const rows = [2, 1, 0].map((nonce) => row(nonce, nodeDigit(serverSeed, client, nonce)));
    const result = await verifySeed(seed, rows);
    expect(result.hashOk).toBe(true);
    expect(result.bets.map((b) => [b.nonce, b.ok])).toEqual([
      [0, true],
      [1, true],
      [2, true],
    ]);
    expect(result.bets[0]!.computed).toBe(3);
  });

  it('marks a tampered roll ✗ and a seed that does not match its commitment', async () => {
    const honest = nodeDigit(serverSeed, client, 0);
    const result = await verifySeed({ ...seed, serverSeedHash: 'f'.repeat(64) }, [row(0, (honest + 1) % 10)]);
    expect(result.hashOk).toBe(false);
    expect(result.bets[0]).toMatchObject({ ok: false, computed: honest, rolled: (honest + 1) % 10 });
  });
});
