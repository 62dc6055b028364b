/**
 * `npm run admin -- operators …` (server/cli/index.ts hands these over): operator accounts over the
 * admin API with ADMIN_TOKEN (decision 0018). Exit status: 0 done, 1 refused or failed, 2 usage.
 */
import { adminCall, runAdminCommand, type Row, type AdminRequest as Request, textTable as table } from '../lib/admin-client';
import { yangonDateTime } from '../lib/time';
import { splitArgsOrNull } from './args';

export const OPERATORS_USAGE = `  operators list
  operators create --user NAME --role owner|cashier|content|two_d|finance [--name "Display Name"]
                                        (prints a one-time setup code and an otpauth:// link)
  operators disable|enable|reset-totp|revoke-sessions <NAME>
  audit [--actor NAME] [--action deposit.] [--target-type T] [--target-id ID] [--page N]`;



const operatorRow = (o: Row) => [o.user_name, o.display_name, o.role, o.disabled ? 'disabled' : o.enrolled ? 'active' : 'setup pending', String(o.live_sessions)];
const operatorsTable = (rows: Row[]) => table(['USER', 'NAME', 'ROLE', 'STATE', 'SESSIONS'], rows.map(operatorRow));

/** An ISO instant as the operator reads it: Yangon wall-clock time, to the minute. */
const yangonMinute = (iso: string) => `${yangonDateTime(new Date(iso)).slice(0, 16)} Yangon time`;

/** What the new operator is handed: the code (with its expiry in Yangon time) and where to use it. */
function handout(res: Row, base: string): string {
  const d = res.data;
  const lines = [`${res.message}`, '', operatorsTable([d])];
  if (d.setup_code) {
    lines.push('', `setup code       ${d.setup_code}   (valid until ${yangonMinute(d.setup_expires_at)}; shown only now)`, `authenticator    ${d.otpauth_uri}`);
    lines.push(
      '',
      'The operator adds the authenticator link to an app (Google Authenticator, Aegis, 1Password …), then',
      `opens ${base.replace(/\/+$/, '')}/admin → "First time? Set up your account" and enters the user name, the setup code,`,
      'a new password and the app\'s 6-digit code.',
    );
  }
  return lines.join('\n');
}

/** The operators command of `argv`; `base` is the admin URL the handout points the operator to. */
export function parseOperators(argv: string[], base = 'http://127.0.0.1:8080'): Request | null {
  const parsed = splitArgsOrNull(argv);
  if (!parsed) return null;
  const { flags, positional: rest } = parsed;
  const [command, name, ...extra] = rest;
  if (extra.length) return null;
  if (command === 'list' && !name) return { method: 'GET', path: '/operators', show: (res) => (res.data.operators.length ? operatorsTable(res.data.operators) : 'No operators yet: `operators create --user NAME --role ROLE`.') };
  if (command === 'create' && !name && flags.user && flags.role) {
    return { method: 'POST', path: '/operators', body: { user_name: flags.user, role: flags.role, display_name: flags.name ?? flags.user }, show: (res) => handout(res, base) };
  }
  if (['disable', 'enable', 'reset-totp', 'revoke-sessions'].includes(command ?? '') && name) {
    return { method: 'POST', path: `/operators/${encodeURIComponent(name)}/${command}`, body: {}, show: (res) => handout(res, base) };
  }
  return null;
}

export function parseAudit(argv: string[]): Request | null {
  const parsed = splitArgsOrNull(argv);
  if (!parsed || parsed.positional.length) return null;
  const query = new URLSearchParams();
  for (const [flag, value] of Object.entries(parsed.flags)) query.set(flag.replace(/-/g, '_'), value);
  return {
    method: 'GET',
    path: `/audit?${query}`,
    show: (res) => {
      const rows = res.data.data.map((r: Row) => [String(r.id), r.at.slice(0, 19).replace('T', ' '), r.actor, r.action, `${r.target_type ?? ''}:${r.target_id ?? ''}`]);
      return rows.length ? `${table(['ID', 'AT (UTC)', 'ACTOR', 'ACTION', 'TARGET'], rows)}\n\npage ${res.data.current_page} of ${res.data.last_page}; ${res.data.total} in all` : 'No audit rows.';
    },
  };
}

export async function runOperatorsCli(argv: string[], usage: string): Promise<number> {
  const parse = (base?: string) => (argv[0] === 'audit' ? parseAudit(argv.slice(1)) : parseOperators(argv.slice(1), base));
  if (!parse()) {
    console.error(`error: bad ${argv[0]} command\n\n${usage}`);
    return 2;
  }
  return runAdminCommand(async (base, token) => {
    const request = parse(base)!;
    return request.show(await adminCall(base, token, request.method, request.path, request.body));
  });
}
