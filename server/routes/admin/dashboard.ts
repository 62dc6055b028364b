/**
 * GET /dashboard?date=YYYY-MM-DD (a Yangon day; default today): deposits and withdrawals decided
 * that day and pending now, bets / wins / refunds / GGR per game family, players online (a token
 * used in the last 15 minutes) and the day's 2D draws. GET /two-d/exposure?date=&session=: the
 * draw's stakes and payout at risk per number beside its break and closure (exposure below).
 * Both say whether the day trades 2D (trading_day; closed_reason weekend | holiday; the holiday),
 * so the console says "not a trading day" before anyone types a result.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv, Deps } from '../../types/app';
import { dayFigures, drawExposure } from '../../domain/operators/console-reads';
import { tradingDay } from '../../domain/two-d/holidays';
import { closedNumbers, type ClosureKind } from '../../domain/two-d/operator';
import { twoDRuntime } from '../../domain/two-d/runtime';
import { ok } from '../../lib/http';
import { formatMoney } from '../../lib/money';
import { queryFields } from '../../lib/request-input';
import { yangonDate } from '../../lib/time';
import { consoleChoice, consoleDate } from './schemas';
import { liveFigures, type LiveFigures } from '../../domain/operators/live-figures';
import { twoDConfig } from '../../domain/two-d/calendar';
import { requestTotals } from '../../lib/metrics-cluster';
import type { Metrics } from '../../lib/metrics';

type Ctx = Context<AppEnv>;
const money = (v: { count: number; amount: bigint }) => ({ count: v.count, amount: formatMoney(v.amount) });

/** `?date=` (default: today in Yangon) and, for the exposure, `?session=` (default: morning). */
const dayQuery = { date: consoleDate('date').optional() };
const sessionQuery = { session: consoleChoice(['morning', 'evening'], 'The session must be morning or evening.') };

const today = (deps: Deps) => yangonDate(deps.clock.now());

/** Request totals seen at earlier looks (this process), so the error rate covers the last few minutes, not all time. */
const looks: { at: number; requests: number; errors: number }[] = [];
const RATE_WINDOW_MS = 5 * 60_000;

/** 5xx among answers, machine-wide, from the metrics' own counter: since the oldest look of the last 5 minutes, else since start. */
async function errorRate(metrics: Metrics | undefined) {
  if (!metrics) return null;
  const now = Date.now();
  const totals = await requestTotals(metrics);
  while (looks.length && now - looks[0]!.at > RATE_WINDOW_MS) looks.shift();
  const base = looks.find((l) => now - l.at >= 30_000 && l.requests <= totals.requests);
  looks.push({ at: now, ...totals });
  if (looks.length > 100) looks.shift();
  const requests = totals.requests - (base?.requests ?? 0);
  const errors = totals.errors - (base?.errors ?? 0);
  return { requests, errors, since_seconds: base ? Math.round((now - base.at) / 1000) : null };
}

const age = (f: LiveFigures, at: Date | null) => (at ? Math.max(0, Math.round((f.at.getTime() - at.getTime()) / 1000)) : null);

/** The at-a-glance block (issue 28): the same figures and counters GET /metrics shows. */
async function liveBlock(deps: Deps) {
  const figures = deps.metrics ? deps.metrics.figures() : liveFigures(deps.database.db, deps.clock.now(), twoDConfig(deps.env));
  const [f, rate] = await Promise.all([figures, errorRate(deps.metrics)]);
  const queue = (q: LiveFigures['deposits']) => ({ count: q.count, amount: formatMoney(q.amount), oldest_age_seconds: age(f, q.oldestAt) });
  return {
    deposits: queue(f.deposits),
    withdrawals: queue(f.withdrawals),
    error_rate: rate,
    books_check: f.lastBooksCheck ? { ok: f.lastBooksCheck.ok, discrepancies: f.lastBooksCheck.discrepancies, finished_at: f.lastBooksCheck.finishedAt.toISOString(), age_seconds: age(f, f.lastBooksCheck.finishedAt) } : null,
    two_d_overdue_draws: f.overdueDraws,
  };
}

async function getDashboard(c: Ctx, deps: Deps) {
  const date = queryFields(c, dayQuery).date ?? today(deps);
  const [f, day, live] = await Promise.all([dayFigures(deps.database.db, date, deps.clock.now()), tradingDay(deps.database.db, date), liveBlock(deps)]);
  const requests = (r: typeof f.deposits) => ({ approved: money(r.approved), rejected: money(r.rejected), pending: money(r.pending) });
  const families = Object.fromEntries(
    Object.entries(f.families).map(([k, v]) => [k, { bets: formatMoney(v.bets), wins: formatMoney(v.wins), refunds: formatMoney(v.refunds), ggr: formatMoney(v.ggr), bet_count: v.count }]),
  );
  const ggr = Object.values(f.families).reduce((a, v) => a + v.ggr, 0n);
  return ok(c, {
    date,
    deposits: requests(f.deposits),
    withdrawals: requests(f.withdrawals),
    families,
    ggr: formatMoney(ggr),
    players_online: f.online,
    two_d_draws: f.draws.map((d) => ({ session: d.session, twod: d.twod, status: d.status, source: d.source })),
    live,
    ...day,
  });
}

async function getExposure(c: Ctx, deps: Deps) {
  // The date is refused before the session is read (one field at a time, as always).
  const date = queryFields(c, dayQuery).date ?? today(deps);
  const session = queryFields(c, sessionQuery).session ?? 'morning';
  const [{ bets, limits, closures }, day] = await Promise.all([drawExposure(deps.database.db, date, session), tradingDay(deps.database.db, date)]);
  const defaultBreak = twoDRuntime(deps).cfg.defaultBreak;
  const closed = new Set(closures.flatMap((r) => closedNumbers(r.kind as ClosureKind, r.value)));
  const numbers = Array.from({ length: 100 }, (_, i) => {
    const number = String(i).padStart(2, '0');
    const b = bets.find((r) => r.number === number);
    const breakAmount = limits.find((l) => l.number === number)?.breakAmount ?? defaultBreak;
    const stakes = b?.stakes ?? 0n;
    return { number, bets: b?.bets ?? 0, stakes: formatMoney(stakes), payout_at_risk: formatMoney(b?.payout ?? 0n), break_amount: formatMoney(breakAmount), left: formatMoney(breakAmount > stakes ? breakAmount - stakes : 0n), closed: closed.has(number) };
  });
  const total = bets.reduce((a, r) => a + r.stakes, 0n);
  const worst = bets.reduce((a, r) => (r.payout > a ? r.payout : a), 0n);
  return ok(c, { date, session, ...day, total_stakes: formatMoney(total), worst_payout: formatMoney(worst), numbers });
}

export function dashboardRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();
  routes.get('/dashboard', (c) => getDashboard(c, deps));
  return routes;
}

export function exposureRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();
  routes.get('/exposure', (c) => getExposure(c, deps));
  return routes;
}
