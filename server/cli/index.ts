/**
 * Operator CLI: `npm run admin -- <command>` (docs/operator.md). It speaks to the running
 * server's admin API over HTTP (ADMIN_URL, ADMIN_TOKEN), never to the database itself, so it works
 * while the server holds the embedded database. Exit status: 0 done, 1 refused or failed, 2 usage.
 */
import { checkProductionConfig, formatConfigReport } from '../config-check';
import { readEnv } from '../env';
import { adminCall, runAdminCommand, type Row } from '../lib/admin-client';
import { AGENTS_USAGE, runAgentsCli } from './agents';
import { BOOKS_USAGE, runBooksCli } from './books';
import { TWO_D_USAGE, runTwoDCli } from './two-d';
import { CONTENT_USAGE, runContentCli } from './content';
import { OPERATORS_USAGE, runOperatorsCli } from './operators';
import { BACKUP_USAGE, runBackupCli } from './backup';
import { ADJUST_USAGE, runAdjustCli } from './adjust';
import { splitArgs, UsageError } from './args';

const USAGE = `Usage: npm run admin -- <command>

  deposits list [--status pending|approved|rejected|all] [--page N]
  deposits approve <id> [--note text]
  deposits reject <id> [--note text]
  withdrawals list [--status pending|approved|rejected|all] [--page N]
  withdrawals approve <id> [--note text]
  withdrawals reject <id> [--note text]
${TWO_D_USAGE}
${CONTENT_USAGE}
${AGENTS_USAGE}
${OPERATORS_USAGE}
${ADJUST_USAGE}
${BACKUP_USAGE}
${BOOKS_USAGE}
  doctor                       check this environment as a production start would (no server needed)
  help

Environment: ADMIN_URL (default http://127.0.0.1:8080) and ADMIN_TOKEN (the server's).`;


interface Command {
  kind: 'deposits' | 'withdrawals';
  action: 'list' | 'approve' | 'reject';
  id?: string;
  flags: Record<string, string>;
}

function parseArgs(argv: string[]): Command | 'help' {
  if (argv.includes('--help') || argv.includes('-h')) return 'help';
  const { positional, flags } = splitArgs(argv, { flags: ['status', 'page', 'note'] });
  const [kind, action, id, ...rest] = positional;
  if (kind === undefined || kind === 'help') return 'help';
  if (kind !== 'deposits' && kind !== 'withdrawals') throw new UsageError(`unknown command "${kind}"`);
  if (action !== 'list' && action !== 'approve' && action !== 'reject') throw new UsageError(`unknown action "${action ?? ''}"`);
  if (action === 'list' ? id !== undefined : !/^\d+$/.test(id ?? '')) throw new UsageError(`${action} needs a numeric <id>`);
  if (rest.length) throw new UsageError(`unexpected "${rest.join(' ')}"`);
  return { kind, action, id, flags };
}

const call = adminCall;

/** "1234567.00" → "1,234,567.00". */
const money = (amount: string) => amount.replace(/\B(?=(\d{3})+(?!\d))(?=.*\.)/g, ',');

function columns(kind: Command['kind']): [string, (r: Row) => string][] {
  const common: [string, (r: Row) => string][] = [
    ['ID', (r) => String(r.id)],
    ['STATUS', (r) => r.status_word],
    ['PLAYER', (r) => `${r.user.user_name} (${r.user.name})`],
    ['AMOUNT Ks', (r) => money(r.amount)],
    ['BANK', (r) => r.payment_type],
    ['ACCOUNT', (r) => `${r.account_name} ${r.account_number}`],
  ];
  const extra: [string, (r: Row) => string][] =
    kind === 'deposits' ? [['REF', (r) => r.refrence_no], ['RECEIPT', (r) => (r.has_receipt ? 'yes' : '-')]] : [];
  return [...common, ...extra, ['CREATED (Yangon)', (r) => r.datetime], ['NOTE', (r) => r.note ?? '']];
}

function table(kind: Command['kind'], rows: Row[]): string {
  const cols = columns(kind);
  const cells = [cols.map(([h]) => h), ...rows.map((r) => cols.map(([, f]) => f(r)))];
  const widths = cols.map((_, i) => Math.max(...cells.map((line) => line[i]!.length)));
  const right = new Set([0, 3]);
  return cells
    .map((line) => line.map((cell, i) => (right.has(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join('  ').trimEnd())
    .join('\n');
}

async function run(cmd: Command, base: string, token: string): Promise<string> {
  if (cmd.action === 'list') {
    const query = new URLSearchParams({ status: cmd.flags.status ?? 'pending', page: cmd.flags.page ?? '1' });
    const { data } = await call(base, token, 'GET', `/${cmd.kind}?${query}`);
    const footer = `page ${data.current_page} of ${data.last_page}; ${data.total} in all (status: ${query.get('status')})`;
    return data.data.length ? `${table(cmd.kind, data.data)}\n\n${footer}` : `No ${query.get('status')} ${cmd.kind}. (${footer})`;
  }
  const body = cmd.flags.note !== undefined ? { note: cmd.flags.note } : {};
  const res = await call(base, token, 'POST', `/${cmd.kind}/${cmd.id}/${cmd.action}`, body);
  return `${res.message}\n\n${table(cmd.kind, [res.data])}`;
}

/**
 * The production check without starting: this environment, read as NODE_ENV=production would read
 * it (the point is to know before deploying). Exit 0 when a production start would serve, 1 when
 * it would refuse, 2 when the environment does not even parse.
 */
function doctor(): number {
  let env;
  try {
    env = readEnv({ ...process.env, NODE_ENV: 'production' });
  } catch (err) {
    console.error(`error: bad environment: ${(err as Error).message}`);
    return 2;
  }
  const mode = process.env.NODE_ENV === 'production' ? 'NODE_ENV=production' : `as a production start (NODE_ENV is ${process.env.NODE_ENV ?? 'unset'} here)`;
  const report = checkProductionConfig(env);
  console.log(formatConfigReport(report, mode));
  return report.problems.length ? 1 : 0;
}

async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'doctor') return doctor();
  if (argv[0] === 'books') return runBooksCli(argv.slice(1), USAGE);
  if (argv[0] === 'agents') return runAgentsCli(argv.slice(1), USAGE);
  if (argv[0] === 'two-d') return runTwoDCli(argv.slice(1), USAGE);
  if (argv[0] === 'content' || argv[0] === 'media') return runContentCli(argv, USAGE);
  if (argv[0] === 'operators' || argv[0] === 'audit') return runOperatorsCli(argv, USAGE);
  if (argv[0] === 'backup' || argv[0] === 'restore') return runBackupCli(argv, USAGE);
  if (argv[0] === 'adjust') return runAdjustCli(argv.slice(1), USAGE);
  let cmd: Command | 'help';
  try {
    cmd = parseArgs(argv);
  } catch (err) {
    console.error(`error: ${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (cmd === 'help') {
    console.log(USAGE);
    return 0;
  }
  return runAdminCommand((base, token) => run(cmd, base, token));
}

process.exitCode = await main(process.argv.slice(2));
