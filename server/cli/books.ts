/**
 * `npm run admin -- books` (server/cli/index.ts hands it over): runs the books check on the server
 * now (POST /api/admin/books/check, decision 0029), prints the summary and every discrepancy
 * listed, and exits 1 when there is any (0: the books balance). `books --last` prints the last
 * recorded result without running one. Exit 2: a usage mistake.
 */
import { adminCall, runAdminCommand, type Row, textTable } from '../lib/admin-client';
import { yangonDateTime } from '../lib/time';

export const BOOKS_USAGE = `  books                        check every wallet against its ledger now (exit 1 on any discrepancy)
  books --last                 the last recorded check (the schedule's or anyone's), without running one`;

/** "1234567.00" → "1,234,567.00". */
const money = (amount: string | null) => (amount === null ? '-' : amount.replace(/\B(?=(\d{3})+(?!\d))(?=.*\.)/g, ','));

/** The check's summary and its discrepancies as text. */
export function showCheck(check: Row): string {
  const s = check.summary;
  const lines = [
    `Books check #${check.id} (${check.trigger}, ${check.actor}), ${yangonDateTime(new Date(check.started_at))} Yangon, ${s.duration_ms} ms`,
    `${s.players} players, ${s.wallets} wallets, ${s.ledger_rows} ledger rows, ${s.records} records checked`,
    `main wallets ${money(s.totals.main.balance)} Ks (ledger ${money(s.totals.main.ledger)}); game wallets ${money(s.totals.game.balance)} Ks (ledger ${money(s.totals.game.ledger)})`,
  ];
  if (check.ok) return [...lines, 'OK: the books balance.'].join('\n');
  const kinds = Object.entries(s.by_kind as Record<string, number>).map(([k, n]) => `${k} ${n}`).join(', ');
  const rows = (check.discrepancies as Row[]).map((d) => [d.kind, d.user_id === null ? '-' : String(d.user_id), d.wallet ?? '-', money(d.expected), money(d.found), d.ids.join(' ')]);
  const listed = rows.length < s.discrepancies ? ` (${rows.length} listed)` : '';
  return [...lines, `DISCREPANCIES: ${s.discrepancies}${listed}: ${kinds}`, '', textTable(['KIND', 'PLAYER', 'WALLET', 'EXPECTED Ks', 'FOUND Ks', 'IDS'], rows)].join('\n');
}

/** Runs `books [--last]`; the exit status says whether the books balance. */
export async function runBooksCli(argv: string[], usage: string): Promise<number> {
  const last = argv[0] === '--last';
  if (argv.length > (last ? 1 : 0)) {
    console.error(`error: unexpected "${argv.join(' ')}"\n\n${usage}`);
    return 2;
  }
  return runAdminCommand(async (base, token) => {
    const res = last ? await adminCall(base, token, 'GET', '/books?limit=1') : await adminCall(base, token, 'POST', '/books/check', {});
    const check = last ? (res.data as Row[])[0] : res.data;
    if (!check) return { output: 'No books check has been recorded yet.', exitCode: 1 };
    return { output: showCheck(check), exitCode: check.ok ? 0 : 1 };
  });
}
