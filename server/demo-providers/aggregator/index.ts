import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from '../../lib/body-limit';
import { cors } from 'hono/cors';
import type { AppEnv, Deps } from '../../types/app';
import { SeamlessCode } from '../../domain/seamless-protocol';
import { gamePageHeaders } from '../../lib/game-page';
import { localOrigin } from '../../lib/public-origin';
import { readBody } from '../../lib/request-body';
import { errorPage, slotPage } from './page';
import { BETS, spin } from './slot';
import { launchTokenKey, verifyLaunchToken, type LaunchClaims } from './token';
import { WalletUnavailable, walletClient, type WalletAnswer, type WalletClient, type WalletTransaction } from './wallet-client';
import { seamlessKey } from '../../lib/install-secrets';
import { launchSessionAlive } from '../../domain/launch-sessions';

export const SESSION_EXPIRED = 'This game session is invalid or has expired. Launch the game again from KyatPlay.';
export const NOT_ENOUGH = 'Insufficient balance. Move money to your game balance to play.';
const WALLET_DOWN = 'The wallet did not answer. Please try again.';
const SETTLE_ATTEMPTS = 3;

/**
 * Where the demo aggregator reaches the operator's wallet: PUBLIC_URL when set, else this very
 * server through the socket the request arrived on. Not the request's Host header: a forged Host
 * would send signed callbacks (and their signatures) to a server of the sender's choosing.
 */
export function walletBase(c: Context, publicUrl: string | undefined): string {
  return publicUrl ? new URL(publicUrl).origin : localOrigin(c);
}

/**
 * The built-in demo aggregator, mounted at /demo-aggregator: a playable slot page for every demo
 * game (GET /slot?t=<launch token>) and its server side (POST /api/balance, /api/spin), which
 * plays the aggregator's part of the seamless protocol against our own callbacks over HTTP.
 */
export function demoAggregatorRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();
  const key = launchTokenKey(seamlessKey(deps.env));
  const claimsOf = (token: unknown) => liveClaims(deps, key, token);
  // Inside the Telegram Mini App the site shows the game in a sandboxed frame, where the slot page
  // has an opaque origin: its calls arrive from origin "null", cross-origin. They are authorised by
  // the launch token in the body, never by cookies, so allowing any origin gives nothing away.
  routes.use('/api/*', cors({ origin: '*', allowMethods: ['POST'], allowHeaders: ['content-type'], maxAge: 600 }));
  const limitBody = bodyLimit({ maxSize: 8 * 1024, onError: (c) => c.json({ ok: false, message: 'Request too large.' }, 413) });

  routes.get('/slot', async (c) => {
    const token = c.req.query('t');
    const claims = await claimsOf(token);
    const nonce = gamePageHeaders(c);
    if (!claims) return c.html(errorPage(SESSION_EXPIRED, nonce), 403);
    return c.html(slotPage({ token: token!, gameName: claims.game_name, nonce, bets: [...BETS] }));
  });

  routes.post('/api/balance', limitBody, async (c) => {
    const claims = await claimsOf((await readBody(c)).t);
    if (!claims) return c.json({ ok: false, message: SESSION_EXPIRED }, 403);
    return walletCall(c, () => balanceAnswer(c, clientFor(deps, c), claims));
  });

  routes.post('/api/spin', limitBody, async (c) => {
    const body = await readBody(c);
    const claims = await claimsOf(body.t);
    if (!claims) return c.json({ ok: false, message: SESSION_EXPIRED }, 403);
    const bet = typeof body.bet === 'string' ? Number(body.bet) : body.bet;
    if (typeof bet !== 'number' || !(BETS as readonly number[]).includes(bet)) {
      return c.json({ ok: false, message: 'Choose a bet of 100, 500, 1,000 or 5,000 Ks.' }, 422);
    }
    return walletCall(c, () => playRound(c, clientFor(deps, c), claims, bet));
  });

  return routes;
}

/** A genuine, unexpired token whose login session is still alive (logout, ban and password change end it). */
async function liveClaims(deps: Deps, key: ReturnType<typeof launchTokenKey>, token: unknown): Promise<LaunchClaims | undefined> {
  const now = deps.clock.now();
  const claims = verifyLaunchToken(token, key, now);
  return claims && (await launchSessionAlive(deps.database.db, claims, now)) ? claims : undefined;
}

function clientFor(deps: Deps, c: Context): WalletClient {
  return walletClient({
    base: walletBase(c, deps.env.PUBLIC_URL),
    operatorCode: deps.env.SEAMLESS_OPERATOR_CODE,
    secretKey: seamlessKey(deps.env),
    clock: deps.clock,
  });
}

/** Runs a call to the wallet; a wallet that did not answer is a 503. */
async function walletCall(c: Context, call: () => Promise<Response>): Promise<Response> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof WalletUnavailable) return c.json({ ok: false, message: WALLET_DOWN }, 503);
    throw err;
  }
}

/** The player's game balance as the wallet answers it. */
async function balanceAnswer(c: Context, wallet: WalletClient, claims: LaunchClaims): Promise<Response> {
  const answer = await wallet.balance(claims);
  if (answer.code !== SeamlessCode.Success) return c.json({ ok: false, code: answer.code, message: answer.message }, 409);
  return c.json({ ok: true, balance: answer.balance, game_name: claims.game_name });
}

/** One spin: BET through withdraw, then the settle (prize or zero) through deposit. */
async function playRound(c: Context, wallet: WalletClient, claims: LaunchClaims, bet: number) {
  const outcome = spin();
  const prize = (bet * outcome.halves) / 2;
  const wagerCode = `demo-${randomUUID()}`;
  const base = { wager_code: wagerCode, game_code: claims.game_code, bet_amount: bet };

  const placed = await wallet.withdraw(claims, {
    ...base,
    id: `${wagerCode}-bet`,
    action: 'BET',
    amount: bet,
    wager_status: 'BET',
    prize_amount: 0,
  });
  if (placed.code === SeamlessCode.InsufficientBalance) {
    return c.json({ ok: false, code: placed.code, message: NOT_ENOUGH, balance: placed.balance }, 409);
  }
  if (placed.code !== SeamlessCode.Success) {
    return c.json({ ok: false, code: placed.code, message: placed.message, balance: placed.balance }, 409);
  }

  const settled = await settleWithRetry(wallet, claims, {
    ...base,
    id: `${wagerCode}-settle`,
    action: prize > 0 ? 'WIN' : 'SETTLED',
    amount: prize,
    wager_status: 'SETTLED',
    prize_amount: prize,
  });
  if (!settled) return c.json({ ok: false, message: WALLET_DOWN, balance: placed.balance }, 503);
  return c.json({ ok: true, reels: outcome.reels, bet, win: prize, multiplier: outcome.halves / 2, balance: settled.balance });
}

/** A real aggregator retries a settle until the wallet has it; the same id makes that safe. */
async function settleWithRetry(wallet: WalletClient, claims: LaunchClaims, settle: WalletTransaction): Promise<WalletAnswer | undefined> {
  let settled: WalletAnswer | undefined;
  for (let attempt = 1; attempt <= SETTLE_ATTEMPTS && !settled; attempt++) {
    try {
      const answer = await wallet.deposit(claims, settle);
      if (answer.code === SeamlessCode.Success || answer.code === SeamlessCode.DuplicateTransaction) settled = answer;
    } catch (err) {
      if (!(err instanceof WalletUnavailable) || attempt === SETTLE_ATTEMPTS) throw err;
    }
  }
  return settled;
}
