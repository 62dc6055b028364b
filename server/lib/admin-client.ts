import { readEnv } from '../env';

/** The operator CLIs' HTTP side: both `npm run admin` command sets talk to /api/admin through this. */
export type Row = Record<string, any>;

/** A refusal or failure from the admin API, worded for the operator. */
export class AdminApiError extends Error {}

/** `body` is sent as JSON, or as multipart when it is a FormData (file uploads); `headers` beside (an Idempotency-Key). */
export async function adminCall(base: string, token: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Row> {
  let res: Response;
  const form = body instanceof FormData;
  try {
    res = await fetch(`${base.replace(/\/+$/, '')}/api/admin${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(form ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
  } catch (err) {
    throw new AdminApiError(`cannot reach the admin API at ${base} (${(err as Error).message}); is the server running?`);
  }
  const json = (await res.json().catch(() => ({}))) as Row;
  if (res.ok) return json;
  let message = `HTTP ${res.status}: ${json.message ?? res.statusText}`;
  if (res.status === 401) message += " (ADMIN_TOKEN does not match the server's)";
  if (res.status === 404 && json.message === 'Not found.') message += ' (is ADMIN_TOKEN set on the server?)';
  if (json.errors) message += `\n${Object.entries(json.errors).map(([f, m]) => `  ${f}: ${(m as string[]).join(' ')}`).join('\n')}`;
  throw new AdminApiError(message);
}

/** What a command prints and its exit status, where success is not simply "the server answered" (`books`). */
export interface CommandResult {
  output: string;
  exitCode: number;
}

/**
 * Reads ADMIN_URL and ADMIN_TOKEN, runs one command and prints its output. Exit codes: 0 done,
 * 1 refused or failed by the server, 2 a usage or environment mistake.
 */
export async function runAdminCommand(command: (base: string, token: string) => Promise<string | CommandResult>): Promise<number> {
  let env;
  try {
    env = readEnv();
  } catch (err) {
    console.error(`error: bad environment: ${(err as Error).message}`);
    return 2;
  }
  if (!env.ADMIN_TOKEN) {
    console.error('error: ADMIN_TOKEN is not set (use the same value as the server).');
    return 2;
  }
  try {
    const result = await command(env.ADMIN_URL, env.ADMIN_TOKEN);
    const { output, exitCode } = typeof result === 'string' ? { output: result, exitCode: 0 } : result;
    console.log(output);
    return exitCode;
  } catch (err) {
    if (!(err instanceof AdminApiError)) throw err;
    console.error(`error: ${err.message}`);
    return 1;
  }
}

/** One admin API call of a CLI command, and how its answer is printed. */
export interface AdminRequest {
  method: string;
  path: string;
  body?: unknown;
  show: (res: Row) => string;
}

/** Rows as aligned text columns under a head line. */
export function textTable(head: string[], rows: string[][]): string {
  const cells = [head, ...rows];
  const widths = head.map((_, i) => Math.max(...cells.map((line) => (line[i] ?? '').length)));
  return cells.map((line) => line.map((cell, i) => (cell ?? '').padEnd(widths[i]!)).join('  ').trimEnd()).join('\n');
}
