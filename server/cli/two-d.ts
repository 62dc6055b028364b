/**
 * `npm run admin -- two-d …` (server/cli/index.ts hands these over): the operator's 2D commands over
 * the admin API (docs/two-d.md). Exit status: 0 done, 1 refused or failed, 2 usage.
 */
import { userInfo } from 'node:os';
import { adminCall, runAdminCommand, type Row, type AdminRequest as Request, textTable as table } from '../lib/admin-client';
import { splitArgs, UsageError } from './args';

export const TWO_D_USAGE = `  two-d result <date> <morning|evening> <set> <value> [--confirm]
  two-d result <date> <morning|evening> --twod NN [--confirm]
  two-d confirm <date> <morning|evening>
  two-d reject <date> <morning|evening>     (two-person confirmation: turn down the result waiting)
  two-d results [--from YYYY-MM-DD] [--to YYYY-MM-DD]
  two-d audit [--date YYYY-MM-DD]
  two-d holidays
  two-d holiday add <date> <name…>
  two-d holiday remove <date>
  two-d close head <digit> | two-d close number <NN>
  two-d open head <digit>  | two-d open number <NN>
  two-d closures
  two-d limit <NN> <Kyat> | two-d limit <NN> default
  two-d limits`;




const withMessage = (res: Row, extra = '') => `${res.message ?? 'Done.'}${extra ? `\n\n${extra}` : ''}`;

const resultsTable = (rows: Row[]) =>
  rows.length
    ? table(
        ['DATE', 'SESSION', 'SET', 'VALUE', '2D', 'SOURCE', 'STATUS', 'SETTLEMENT'],
        rows.map((r) => [r.date, r.session, r.set_index ?? '-', r.value ?? '-', r.twod, r.source, r.status, r.settlement ? `${r.settlement.outcome} (${r.settlement.winners} paid ${r.settlement.paid})` : '-']),
      )
    : 'No results.';

function actor(): string {
  try {
    return `cli:${userInfo().username}`;
  } catch {
    return 'cli';
  }
}

type Flags = Record<string, string | true>;

/** A command's words after its name, the options, and a check of how many words it got. */
interface Parsed {
  command: string;
  args: string[];
  flags: Flags;
  expect: (n: number, what: string) => void;
}

/** argv after "two-d" → the admin API request it stands for. */
export function parseTwoD(argv: string[]): Request {
  const { positional, flags: values, switches } = splitArgs(argv, { flags: ['twod', 'from', 'to', 'date'], switches: ['confirm'] });
  const flags: Flags = switches.has('confirm') ? { ...values, confirm: true } : values;
  const [command, ...args] = positional;
  const build = command === undefined ? undefined : COMMANDS.get(command);
  if (!build) throw new UsageError(`unknown two-d command "${command ?? ''}"`);
  const expect = (n: number, what: string) => {
    if (args.length !== n) throw new UsageError(`${command} needs ${what}`);
  };
  return build({ command: command!, args, flags, expect });
}

const showResult = (res: Row) => withMessage(res, resultsTable([res.data.result]));

function resultCommand({ args, flags, expect }: Parsed): Request {
  const [date, session, set, value] = args;
  if (flags.twod !== undefined) expect(2, '<date> <session> --twod NN');
  else expect(4, '<date> <morning|evening> <set> <value>');
  const body: Row = { date, session, actor: actor() };
  if (flags.twod !== undefined) body.twod = flags.twod;
  else Object.assign(body, { set_index: set, value });
  if (flags.confirm) body.confirm = true;
  return { method: 'POST', path: '/results', body, show: showResult };
}

function resultsCommand({ flags, expect }: Parsed): Request {
  expect(0, 'no arguments');
  const q = new URLSearchParams();
  if (typeof flags.from === 'string') q.set('from', flags.from);
  if (typeof flags.to === 'string') q.set('to', flags.to);
  return { method: 'GET', path: `/results${q.size ? `?${q}` : ''}`, show: (res) => resultsTable(res.data) };
}

function auditCommand({ flags, expect }: Parsed): Request {
  expect(0, 'no arguments');
  const q = typeof flags.date === 'string' ? `?date=${encodeURIComponent(flags.date)}` : '';
  return {
    method: 'GET',
    path: `/audit${q}`,
    show: (res) =>
      res.data.length
        ? table(
            ['WHEN', 'DRAW', 'ACTION', 'ACTOR', 'BEFORE', 'AFTER'],
            res.data.map((r: Row) => [r.created_at, `${r.date} ${r.session}`, r.action, r.actor, r.before ? `${r.before.twod} ${r.before.status}` : '-', r.after ? `${r.after.twod} ${r.after.status}` : '-']),
          )
        : 'No audit rows.',
  };
}

function holidayCommand({ args }: Parsed): Request {
  const [action, date, ...name] = args;
  if (action === 'add' && date && name.length) {
    return { method: 'POST', path: '/holidays', body: { date, name: name.join(' ') }, show: (res) => withMessage(res) };
  }
  if (action === 'remove' && date && !name.length) {
    return { method: 'DELETE', path: `/holidays/${encodeURIComponent(date)}`, show: (res) => withMessage(res) };
  }
  throw new UsageError('holiday add <date> <name…> | holiday remove <date>');
}

function closureCommand({ command, args, expect }: Parsed): Request {
  expect(2, '<head|number> <value>');
  return {
    method: command === 'close' ? 'POST' : 'DELETE',
    path: '/closures',
    body: { kind: args[0], value: args[1] },
    show: (res) => withMessage(res, `numbers: ${res.data.numbers.join(' ')}`),
  };
}

function limitCommand({ args, expect }: Parsed): Request {
  expect(2, '<NN> <Kyat|default>');
  const [number, amount] = args as [string, string];
  if (amount === 'default') return { method: 'DELETE', path: `/limits/${encodeURIComponent(number)}`, show: (res) => withMessage(res) };
  return {
    method: 'PUT',
    path: `/limits/${encodeURIComponent(number)}`,
    body: { break_amount: /^\d+$/.test(amount) ? Number(amount) : amount },
    show: (res) => withMessage(res, `${res.data.number}: ${res.data.break_amount} Ks`),
  };
}

const COMMANDS = new Map<string, (parsed: Parsed) => Request>([
  ['result', resultCommand],
  [
    'confirm',
    ({ args, expect }) => {
      expect(2, '<date> <morning|evening>');
      return { method: 'POST', path: '/results', body: { date: args[0], session: args[1], confirm: true, actor: actor() }, show: showResult };
    },
  ],
  [
    'reject',
    ({ args, expect }) => {
      expect(2, '<date> <morning|evening>');
      return { method: 'POST', path: '/results/reject', body: { date: args[0], session: args[1], actor: actor() }, show: showResult };
    },
  ],
  ['results', resultsCommand],
  ['audit', auditCommand],
  [
    'holidays',
    ({ expect }) => {
      expect(0, 'no arguments');
      return {
        method: 'GET',
        path: '/holidays',
        show: (res) => (res.data.length ? table(['DATE', 'WEEKDAY', 'NAME'], res.data.map((h: Row) => [h.date, h.weekday, h.name])) : 'No holidays.'),
      };
    },
  ],
  ['holiday', holidayCommand],
  ['close', closureCommand],
  ['open', closureCommand],
  [
    'closures',
    ({ expect }) => {
      expect(0, 'no arguments');
      return {
        method: 'GET',
        path: '/closures',
        show: (res) => (res.data.length ? table(['KIND', 'VALUE', 'NUMBERS'], res.data.map((r: Row) => [r.kind, r.value, r.numbers.join(' ')])) : 'Nothing is closed.'),
      };
    },
  ],
  ['limit', limitCommand],
  [
    'limits',
    ({ expect }) => {
      expect(0, 'no arguments');
      return {
        method: 'GET',
        path: '/limits',
        show: (res) =>
          `default break: ${res.data.default_break} Ks\n` +
          (res.data.limits.length ? table(['NUMBER', 'BREAK Ks'], res.data.limits.map((l: Row) => [l.number, l.break_amount])) : 'No overrides.'),
      };
    },
  ],
]);

const call = (base: string, token: string, req: Request) => adminCall(base, token, req.method, `/two-d${req.path}`, req.body);

export async function runTwoDCli(argv: string[], usage: string): Promise<number> {
  let req: Request;
  try {
    req = parseTwoD(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`error: ${err.message}\n\n${usage}`);
    return 2;
  }
  return runAdminCommand(async (base, token) => req.show(await call(base, token, req)));
}
