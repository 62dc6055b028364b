import { Hono, type Context } from 'hono';
import { bodyLimit } from '../../lib/body-limit';
import type { AppEnv, Deps } from '../../types/app';
import { walletBase } from '../aggregator';
import { kyat } from '../../lib/money';
import { gamePageHeaders } from '../../lib/game-page';
import { parseJsonText } from '../../lib/json-text';
import { publicOrigin } from '../../lib/public-origin';
import { readBody } from '../../lib/request-body';
import { OperatorUnavailable, operatorClient } from './operator-client';
import { errorPage, tablePage } from './page';
import { acceptLaunch, sessionOf, type DemoSession } from './provider';
import { MESSAGES, STAKES, demoTable, roundView, type DemoTable } from './rounds';
import { shanKey } from '../../lib/install-secrets';

export const SESSION_EXPIRED = 'This game session is invalid or has expired. Launch Shan Koe Mee again from KyatPlay.';

/**
 * The built-in demo Shan provider, mounted at /demo-shan (docs/shan.md). Conceptually a separate
 * party: it takes signed launches (POST /api/launch), serves its table page (GET /play) and plays
 * each round against the operator's callbacks over HTTP, signed; its own state lives in
 * demo_shan_sessions and demo_shan_rounds.
 */
export function demoShanRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();
  const ctx = shanContext(deps);
  const limitBody = bodyLimit({ maxSize: 8 * 1024, onError: (c) => c.json({ ok: false, message: 'Request too large.' }, 413) });
  const origin = (c: Context) => publicOrigin(c, deps.env.PUBLIC_URL);

  routes.post('/api/launch', limitBody, async (c) => {
    let body: unknown;
    try {
      body = parseJsonText(await c.req.text());
    } catch {
      body = undefined; // malformed or nested too deep (lib/json-text.ts): "Invalid request", 400
    }
    const answer = await acceptLaunch(deps, body, origin(c));
    return c.json(answer.body, answer.status);
  });

  routes.get('/play', async (c) => {
    const token = c.req.query('session');
    const session = await sessionOf(deps, token);
    const nonce = gamePageHeaders(c);
    if (!session) return c.html(errorPage(SESSION_EXPIRED, nonce), 403);
    return c.html(tablePage({ session: token!, nonce, stakes: STAKES }));
  });

  routes.get('/api/balance', (c) => withSession(ctx, c, c.req.query('session'), (session) => balance(ctx, c, session)));
  routes.post('/api/round/deal', limitBody, async (c) => {
    const body = await readBody(c);
    return withSession(ctx, c, body.session, (session) => deal(ctx, c, session, body.stake));
  });
  for (const action of ['draw', 'stand'] as const) {
    routes.post(`/api/round/:id/${action}`, limitBody, async (c) => {
      const body = await readBody(c);
      return withSession(ctx, c, body.session, (session) => act(ctx, c, session, action));
    });
  }
  return routes;
}

/** What the table's routes share: the rounds, and a client for the operator's callbacks. */
interface ShanContext {
  deps: Deps;
  table: DemoTable;
  operatorFor: (c: Context) => ReturnType<typeof operatorClient>;
}

function shanContext(deps: Deps): ShanContext {
  return {
    deps,
    table: demoTable(deps.database.db, () => deps.clock.now()),
    operatorFor: (c: Context) => operatorClient({ base: walletBase(c, deps.env.PUBLIC_URL), secret: shanKey(deps.env), clock: deps.clock }),
  };
}

/** Resolves the session, retries what a failed call left behind, then runs `fn`. */
async function withSession(ctx: ShanContext, c: Context, token: unknown, fn: (session: DemoSession) => Promise<Response>): Promise<Response> {
  c.header('Cache-Control', 'no-store');
  const session = await sessionOf(ctx.deps, token);
  if (!session) return c.json({ ok: false, message: SESSION_EXPIRED }, 403);
  try {
    await ctx.table.recover(ctx.operatorFor(c), session);
    return await fn(session);
  } catch (err) {
    if (err instanceof OperatorUnavailable) return c.json({ ok: false, message: MESSAGES.walletDown }, 503);
    throw err;
  }
}

/** GET /api/balance: the operator's balance and the round under way. */
async function balance(ctx: ShanContext, c: Context, session: DemoSession): Promise<Response> {
  const answer = await ctx.operatorFor(c).balance(session);
  if (answer.code !== 0) return c.json({ ok: false, code: answer.code, message: answer.message ?? 'The wallet refused.' }, 409);
  const current = await ctx.table.current(session);
  return c.json({ ok: true, balance: answer.balance, round: current ? roundView(current) : null });
}

/** POST /api/round/deal: a round at one of the stakes, unless one is under way. */
async function deal(ctx: ShanContext, c: Context, session: DemoSession, rawStake: unknown): Promise<Response> {
  const stake = typeof rawStake === 'string' && /^\d{1,7}$/.test(rawStake) ? Number(rawStake) : rawStake;
  if (typeof stake !== 'number' || !(STAKES as readonly number[]).includes(stake)) {
    return c.json({ ok: false, message: 'Choose a stake of 100, 500, 1,000 or 5,000 Ks.' }, 422);
  }
  const opened = await ctx.table.open(ctx.operatorFor(c), session, kyat(stake));
  if ('busy' in opened) return c.json({ ok: false, message: MESSAGES.busy, round: roundView(opened.busy) }, 409);
  if (opened.unavailable) return c.json({ ok: false, message: MESSAGES.walletDown }, 503);
  if (opened.refusal) return c.json({ ok: false, message: opened.refusal }, 409);
  return answerRound(ctx, c, opened.row);
}

/** POST /api/round/:id/draw and /stand. */
async function act(ctx: ShanContext, c: Context, session: DemoSession, action: 'draw' | 'stand'): Promise<Response> {
  const done = await ctx.table.act(ctx.operatorFor(c), session, c.req.param('id')!, action);
  if (!done) return c.json({ ok: false, message: MESSAGES.notFound }, 404);
  if (done.movedOn) return c.json({ ok: false, message: MESSAGES.movedOn, round: roundView(done.row) }, 409);
  return answerRound(ctx, c, done.row);
}

function answerRound(ctx: ShanContext, c: Context, row: Parameters<typeof roundView>[0]) {
  const round = roundView(row);
  return c.json({
    ok: true,
    round,
    balance: ctx.table.balanceOf(row) ?? null,
    ...(round.status === 'settling' ? { message: MESSAGES.pending } : {}),
  });
}
