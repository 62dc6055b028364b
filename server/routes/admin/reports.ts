/**
 * GET /reports?from=YYYY-MM-DD&to=YYYY-MM-DD[&format=csv] (docs/operator.md § Reports): daily
 * totals per game family and per agent over at most MAX_REPORT_DAYS Yangon days (default: today).
 * `format=csv` answers the same figures as a spreadsheet file (UTF-8 with BOM, CRLF, exact
 * decimals, formula-safe text cells), named after its range.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv, Deps } from '../../types/app';
import { MAX_REPORT_DAYS, dailyReport, reportTotals, type Report } from '../../domain/operators/reports';
import { isCalendarDate } from '../../domain/two-d/calendar';
import { BOM, csvRows, num, type CsvCell } from '../../lib/csv';
import { ok } from '../../lib/http';
import { formatMoney } from '../../lib/money';
import { queryFields } from '../../lib/request-input';
import { yangonDate } from '../../lib/time';
import { throwIfInvalid } from '../../lib/validation';
import { refuse } from '../../i18n/refusals';

type Ctx = Context<AppEnv>;

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const dateField = (field: string) => z.string().max(10, { error: refuse('field.date_format', { field }) }).refine(isCalendarDate, { error: refuse('field.date_format', { field }) }).optional();
const reportQuery = {
  from: dateField('from'),
  to: dateField('to'),
  format: z.enum(['json', 'csv'], { error: refuse('field.selected_invalid', { field: 'format' }) }).optional(),
};

/** The range asked for: both dates real, `to` within [from, from + MAX − 1]. */
function parseRange(c: Ctx, deps: Deps) {
  const q = queryFields(c, reportQuery);
  const today = yangonDate(deps.clock.now());
  const to = q.to ?? q.from ?? today;
  const from = q.from ?? to;
  const last = addDays(from, MAX_REPORT_DAYS - 1);
  if (to < from || to > last) throwIfInvalid({ to: [refuse('field.between', { field: 'to', min: from, max: last })] });
  return { from, to, format: q.format ?? 'json' };
}

const money = formatMoney;

function reportJson(report: Report) {
  const totals = reportTotals(report);
  return {
    from: report.from,
    to: report.to,
    families: report.families.map((r) => ({
      date: r.date,
      family: r.family,
      game_type: r.gameType,
      bets: money(r.bets),
      wins: money(r.wins),
      refunds: money(r.refunds),
      ggr: money(r.ggr),
      bet_count: r.count,
    })),
    families_total: { bets: money(totals.families.bets), wins: money(totals.families.wins), refunds: money(totals.families.refunds), ggr: money(totals.families.ggr), bet_count: totals.families.count },
    agents: report.agents.map((r) => ({
      date: r.date,
      agent_code: r.agent.code,
      agent_name: r.agent.name,
      deposits_count: r.deposits.count,
      deposits_amount: money(r.deposits.amount),
      withdrawals_count: r.withdrawals.count,
      withdrawals_amount: money(r.withdrawals.amount),
      new_players: r.newPlayers,
      ggr: money(r.ggr),
    })),
    agents_total: {
      deposits_count: totals.agents.deposits.count,
      deposits_amount: money(totals.agents.deposits.amount),
      withdrawals_count: totals.agents.withdrawals.count,
      withdrawals_amount: money(totals.agents.withdrawals.amount),
      new_players: totals.agents.newPlayers,
      ggr: money(totals.agents.ggr),
    },
  };
}

/** Two tables in one file, each with its header and a Total row, a blank line between them. */
export function reportCsv(report: Report): string {
  const j = reportJson(report);
  const m = (v: string) => num(v);
  const families: CsvCell[][] = [
    ['date', 'family', 'game_type', 'bets', 'wins', 'refunds', 'ggr', 'bet_count'],
    ...j.families.map((r) => [r.date, r.family, r.game_type?.code ?? null, m(r.bets), m(r.wins), m(r.refunds), m(r.ggr), num(r.bet_count)]),
    ['Total', null, null, m(j.families_total.bets), m(j.families_total.wins), m(j.families_total.refunds), m(j.families_total.ggr), num(j.families_total.bet_count)],
  ];
  const t = j.agents_total;
  const agents: CsvCell[][] = [
    ['date', 'agent_code', 'agent_name', 'deposits_approved', 'deposits_amount', 'withdrawals_approved', 'withdrawals_amount', 'new_players', 'ggr'],
    ...j.agents.map((r) => [r.date, r.agent_code, r.agent_name, num(r.deposits_count), m(r.deposits_amount), num(r.withdrawals_count), m(r.withdrawals_amount), num(r.new_players), m(r.ggr)]),
    ['Total', null, null, num(t.deposits_count), m(t.deposits_amount), num(t.withdrawals_count), m(t.withdrawals_amount), num(t.new_players), m(t.ggr)],
  ];
  return BOM + csvRows(families) + '\r\n' + csvRows(agents);
}

async function getReports(c: Ctx, deps: Deps) {
  const { from, to, format } = parseRange(c, deps);
  const report = await dailyReport(deps.database.db, from, to);
  if (format === 'json') return ok(c, reportJson(report));
  return c.body(reportCsv(report), 200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="kyatplay-report-${from}-to-${to}.csv"`,
    'cache-control': 'no-store',
  });
}

export function reportRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();
  routes.get('/reports', (c) => getReports(c, deps));
  return routes;
}
