/**
 * `npm run admin -- agents …` (server/cli/index.ts hands these over): agents and their receiving
 * accounts over the admin API. Exit status: 0 done, 1 refused or failed, 2 usage.
 */
import { adminCall, runAdminCommand, type Row, type AdminRequest as Request, textTable as table } from '../lib/admin-client';

export const AGENTS_USAGE = `  agents list
  agents add <name…> [--code CODE]       (no --code: a random 10-character code)
  agents accounts <CODE>
  agents account add <CODE> <payment type> <account name> <account no>`;



const agentsTable = (rows: Row[]) =>
  rows.length ? table(['ID', 'REFERRAL CODE', 'NAME', 'PLAYERS'], rows.map((a) => [String(a.id), a.referral_code, a.name, String(a.players)])) : 'No agents yet: `agents add <name>`.';

export function parseAgents(argv: string[]): Request | null {
  const code = argv.indexOf('--code');
  const args = code >= 0 ? [...argv.slice(0, code), ...argv.slice(code + 2)] : argv;
  const [command, ...rest] = args;
  if (command === 'list' && rest.length === 0 && code < 0) return { method: 'GET', path: '/agents', show: (res) => agentsTable(res.data) };
  if (command === 'add' && rest.length > 0) {
    const body: Row = { name: rest.join(' ') };
    if (code >= 0) body.referral_code = argv[code + 1];
    return { method: 'POST', path: '/agents', body, show: (res) => `${res.message}\n\n${agentsTable([res.data])}` };
  }
  if (command === 'accounts' && rest.length === 1) {
    return {
      method: 'GET',
      path: `/agents/${encodeURIComponent(rest[0]!)}/accounts`,
      show: (res) => (res.data.length ? table(['ID', 'TYPE', 'NAME', 'NUMBER'], res.data.map((a: Row) => [String(a.id), a.payment_type, a.account_name, a.account_no])) : 'No accounts.'),
    };
  }
  if (command === 'account' && rest[0] === 'add' && rest.length === 5) {
    const [, agent, paymentType, accountName, accountNo] = rest as [string, string, string, string, string];
    return {
      method: 'POST',
      path: `/agents/${encodeURIComponent(agent)}/accounts`,
      body: { payment_type: paymentType, account_name: accountName, account_no: accountNo },
      show: (res) => `${res.message} ${res.data.payment_type} ${res.data.account_name} ${res.data.account_no}`,
    };
  }
  return null;
}

export async function runAgentsCli(argv: string[], usage: string): Promise<number> {
  const request = parseAgents(argv);
  if (!request) {
    console.error(`error: bad agents command\n\n${usage}`);
    return 2;
  }
  return runAdminCommand(async (base, token) => request.show(await adminCall(base, token, request.method, request.path, request.body)));
}
