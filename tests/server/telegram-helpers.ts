import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Init data signed as Telegram signs it (https://core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app),
 * written here from the spec — not with the server's library — so the tests are an independent oracle.
 */
export function signInitData(botToken: string, fields: { user: Record<string, unknown>; auth_date: number; start_param?: string; query_id?: string }): string {
  const pairs: [string, string][] = [
    ['auth_date', String(fields.auth_date)],
    ['query_id', fields.query_id ?? 'AAE-test-query'],
    ['user', JSON.stringify(fields.user)],
  ];
  if (fields.start_param) pairs.push(['start_param', fields.start_param]);
  const checkString = [...pairs].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k}=${v}`).join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  const hash = createHmac('sha256', secret).update(checkString).digest('hex');
  const params = new URLSearchParams(pairs);
  params.set('hash', hash);
  return params.toString();
}

/** A stand-in Bot API on 127.0.0.1 that records every call. */
export async function fakeBotApi(answer: (method: string) => { ok: boolean } = () => ({ ok: true })) {
  const calls: { method: string; token: string; body: any }[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      const m = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
      calls.push({ token: m?.[1] ?? '', method: m?.[2] ?? '', body: raw ? JSON.parse(raw) : null });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ...answer(m?.[2] ?? ''), result: true }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
