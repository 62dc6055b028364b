/**
 * The demo install a QA plan is run on (README § Run it): its accounts from server/db/seed.ts, the
 * settings a plan starts it with, and the Digit Bet client seeds that make the demo's fixed server
 * seed roll a chosen digit. DEMO_DIGIT_SERVER_SEED is demo-only (a production start refuses it), so
 * none of this can choose a real install's roll.
 */
import { createHmac } from 'node:crypto';
import { DEMO_GAME_BALANCE, DEMO_MAIN_BALANCE, DEMO_PASSWORD, DEMO_USER_NAME } from '../../server/db/seed';

export const DEMO_PLAYER = { userName: DEMO_USER_NAME, password: DEMO_PASSWORD };
/** Whole Kyat the demo player starts with. */
export const DEMO_GAME_KYAT = Number(DEMO_GAME_BALANCE / 100n);
export const DEMO_MAIN_KYAT = Number(DEMO_MAIN_BALANCE / 100n);
/** The admin API's token a plan starts the demo with (the CLI `npm run admin` reads it as ADMIN_TOKEN). */
export const QA_ADMIN_TOKEN = 'qa-demo-admin-token-2026';
/** The demo's fixed Digit Bet server seed (docs/digit-bet.md § Demo: the known vector's 32 zero bytes). */
export const QA_DIGIT_SERVER_SEED = '00'.repeat(32);
/** Monday 23 Nov 2026, 10:00 in Yangon: both 2D draws of the day take bets. */
export const QA_CLOCK_START = '2026-11-23T03:30:00Z';

/** `DATA_DIR=$(mktemp -d) ADMIN_TOKEN=… npm start` with `settings`: the command a plan's first line gives. */
export function demoStart(settings: Record<string, string> = {}): string {
  const env = Object.entries({ ADMIN_TOKEN: QA_ADMIN_TOKEN, ...settings }).map(([k, v]) => `${k}=${v}`);
  return `start a fresh demo install: \`DATA_DIR=$(mktemp -d) ${env.join(' ')} npm start\` (a new, empty data folder for every path: the demo player then has no bets, ${DEMO_GAME_KYAT.toLocaleString('en-US')} Ks in the game wallet and ${DEMO_MAIN_KYAT.toLocaleString('en-US')} Ks in the main one)`;
}

export const signInDemo = (page: string) =>
  `sign in as the demo player (user name "${DEMO_PLAYER.userName}", password "${DEMO_PLAYER.password}") and open ${page}`;

/** docs/digit-bet.md: digit = floor(f × 10), f from the first four bytes of HMAC-SHA256(seed bytes, "<client seed>:<nonce>"). */
export function documentedRoll(serverSeedHex: string, clientSeed: string, nonce: number): number {
  const b = createHmac('sha256', Buffer.from(serverSeedHex, 'hex')).update(`${clientSeed}:${nonce}`, 'utf8').digest();
  const f = b[0]! / 256 + b[1]! / 256 ** 2 + b[2]! / 256 ** 3 + b[3]! / 256 ** 4;
  return Math.floor(f * 10);
}

/** The first client seed "qa-roll-<digit>-<k>" that rolls `digit` at nonce 0 under the demo's server seed. */
export function clientSeedRolling(digit: number, serverSeed = QA_DIGIT_SERVER_SEED): string {
  for (let k = 0; k < 1000; k++) {
    const seed = `qa-roll-${digit}-${k}`;
    if (documentedRoll(serverSeed, seed, 0) === digit) return seed;
  }
  throw new Error(`no client seed rolls ${digit}`);
}
