/**
 * `npm run admin -- adjust …` (server/cli/index.ts hands it over): balance adjustments over the
 * admin API (docs/operator.md § Adjustments). Every credit or debit carries an Idempotency-Key:
 * `--key` or a fresh one, printed so that a retry after a lost answer (`--key <the same>`) never
 * moves money twice. Exit status: 0 done, 1 refused or failed, 2 usage.
 */
import { randomUUID } from 'node:crypto';
import { adminCall, runAdminCommand, type Row, textTable } from '../lib/admin-client';
import { yangonDateTime } from '../lib/time';
import { splitArgsOrNull } from './args';

export const ADJUST_USAGE = `  adjust credit|debit <PLAYER> --wallet main|game --kind bonus|correction|goodwill --amount KYAT --reason "text" [--key KEY]
                               PLAYER: id or user name; at or above ADJUSTMENT_SECOND_APPROVAL_KYAT it waits
                               for a second operator (the ADMIN_TOKEN is one operator: approve in the console)
  adjust list [--status pending|applied|rejected|all] [--player ID]
  adjust approve|reject <ID>`;

/** "1234567.00" → "1,234,567.00". */
const money = (amount: string) => amount.replace(/\B(?=(\d{3})+(?!\d))(?=.*\.)/g, ',');

export function adjustmentsTable(rows: Row[]): string {
  return textTable(
    ['ID', 'STATUS', 'PLAYER', 'WALLET', 'KIND', 'AMOUNT Ks', 'REASON', 'ASKED BY', 'DECIDED BY', 'AT (Yangon)'],
    rows.map((a) => [
      String(a.id),
      a.status,
      a.user ? `${a.user.user_name} (#${a.user.id})` : `#${a.user_id}`,
      a.wallet,
      a.kind,
      money(a.amount),
      a.reason,
      a.requested_by,
      a.decided_by ?? '-',
      yangonDateTime(new Date(a.created_at)).slice(0, 16),
    ]),
  );
}

interface Parsed {
  command: string;
  target?: string;
  flags: Record<string, string>;
}

const FLAGS = ['wallet', 'kind', 'amount', 'reason', 'key', 'status', 'player'];

export function parseAdjust(argv: string[]): Parsed | null {
  const parsed = splitArgsOrNull(argv, { flags: FLAGS });
  if (!parsed) return null;
  const { flags, positional: rest } = parsed;
  const [command, target, ...extra] = rest;
  if (extra.length || !command) return null;
  if (command === 'list') return target === undefined ? { command, flags } : null;
  if (command === 'approve' || command === 'reject') return /^\d+$/.test(target ?? '') ? { command, target, flags } : null;
  if (command === 'credit' || command === 'debit') {
    if (!target || !flags.wallet || !flags.kind || !flags.amount || flags.reason === undefined) return null;
    return { command, target, flags };
  }
  return null;
}

/** A player's id: as given when numeric, else the user name looked up (exactly). */
async function playerId(base: string, token: string, target: string): Promise<number | string> {
  if (/^\d+$/.test(target)) return Number(target);
  const res = await adminCall(base, token, 'GET', `/players?q=${encodeURIComponent(target)}`);
  const found = (res.data.data as Row[]).find((p) => String(p.user_name).toLowerCase() === target.toLowerCase());
  return found ? (found.id as number) : `no player with the user name "${target}"`;
}

export async function runAdjustCli(argv: string[], usage: string): Promise<number> {
  const parsed = parseAdjust(argv);
  if (!parsed) {
    console.error(`error: bad adjust command\n\n${usage}`);
    return 2;
  }
  const { command, target, flags } = parsed;
  return runAdminCommand(async (base, token) => {
    if (command === 'list') {
      const query = new URLSearchParams({ status: flags.status ?? 'pending', ...(flags.player ? { player: flags.player } : {}) });
      const res = await adminCall(base, token, 'GET', `/adjustments?${query}`);
      const rows = res.data.adjustments as Row[];
      return rows.length ? `${adjustmentsTable(rows)}\n\nSecond approval at ${money(res.data.threshold)} Ks or more.` : `No ${query.get('status')} adjustments.`;
    }
    if (command === 'approve' || command === 'reject') {
      const res = await adminCall(base, token, 'POST', `/adjustments/${target}/${command}`, {});
      return `${res.message}\n\n${adjustmentsTable([res.data.adjustment])}`;
    }
    const id = await playerId(base, token, target!);
    if (typeof id === 'string') return { output: `error: ${id}`, exitCode: 1 };
    const key = flags.key ?? randomUUID();
    const body = { wallet: flags.wallet, direction: command, kind: flags.kind, amount: flags.amount, reason: flags.reason };
    const res = await adminCall(base, token, 'POST', `/players/${id}/adjustments`, body, { 'Idempotency-Key': key });
    const balances = res.data.balances ? `\nBalances now: main ${money(res.data.balances.main_balance)} Ks, game ${money(res.data.balances.balance)} Ks.` : '';
    return `${res.message}${balances}\n\n${adjustmentsTable([res.data.adjustment])}\n\nIdempotency-Key: ${key} (to retry safely: the same command with --key ${key})`;
  });
}
