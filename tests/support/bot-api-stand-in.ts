import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Telegram's Bot API on 127.0.0.1 (issue 29), closer to Telegram than a recorder:
 * - answers as Telegram does: `{ ok: true, result: Message }`, or `{ ok: false, error_code,
 *   description, parameters: { retry_after } }` with the HTTP status of the error;
 * - enforces Telegram's limits when `limits` is on: about 30 messages a second in all and 1 a
 *   second per chat, as token buckets (a burst up to the bucket, then the refill rate); a message
 *   over either gets 429 with `retry_after` (whole seconds, at least 1), as Telegram does;
 * - scripted faults per call: 429, 403 (the user blocked the bot), 5xx, a slow answer, or no
 *   answer at all (the connection is cut after the request arrived).
 * Every call is recorded; `delivered` holds the messages it accepted (what a player would see).
 */
export type Fault =
  | { status: 429; retryAfter: number }
  | { status: 403 }
  | { status: 400; description?: string }
  | { status: 500 | 502 | 503 }
  | { delayMs: number }
  /** The message is delivered, but the answer never comes: the connection is cut (a lost answer). */
  | { cut: true };

export interface Call {
  method: string;
  token: string;
  body: any;
  at: number;
}

export interface Delivered {
  chatId: number;
  text: string;
  photo?: string;
  replyMarkup?: any;
  at: number;
}

export interface StandInOptions {
  /** Telegram's limits: messages a second in all (default 30) and per chat (1). Off unless given. */
  limits?: { global?: number; perChat?: number };
  /** Added to every answer. */
  latencyMs?: number;
  /** A fault for this call, or undefined for Telegram's normal answer. */
  fault?: (call: Call, index: number) => Fault | undefined;
}

export interface BotApiStandIn {
  url: string;
  calls: Call[];
  delivered: Delivered[];
  /** 429s answered (by the limits or a fault). */
  tooMany: number;
  /** Replace the fault script (tests change it between steps). */
  setFault(fault: StandInOptions['fault']): void;
  close(): Promise<void>;
}

class Bucket {
  private tokens: number;
  private at: number;
  constructor(
    private readonly capacity: number,
    private readonly perSecond: number,
    now: number,
  ) {
    this.tokens = capacity;
    this.at = now;
  }
  /** How many ms until a token is there (0: one is). */
  wait(now: number): number {
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
    return this.tokens >= 1 ? 0 : ((1 - this.tokens) / this.perSecond) * 1000;
  }
  take(): void {
    this.tokens -= 1;
  }
}

const SENDS = new Set(['sendMessage', 'sendPhoto']);

export async function startBotApiStandIn(opts: StandInOptions = {}): Promise<BotApiStandIn> {
  const calls: Call[] = [];
  const delivered: Delivered[] = [];
  let fault = opts.fault;
  let messageId = 1000;
  const limits = opts.limits ? { global: opts.limits.global ?? 30, perChat: opts.limits.perChat ?? 1 } : null;
  const globalBucket = limits ? new Bucket(limits.global, limits.global, Date.now()) : null;
  const chatBuckets = new Map<string, Bucket>();
  const stand: BotApiStandIn = {
    url: '',
    calls,
    delivered,
    tooMany: 0,
    setFault: (f) => void (fault = f),
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };

  const overLimit = (chat: string, now: number): number => {
    if (!limits || !globalBucket) return 0;
    let bucket = chatBuckets.get(chat);
    if (!bucket) chatBuckets.set(chat, (bucket = new Bucket(1, limits.perChat, now)));
    // A refused message takes no token from either bucket.
    const wait = Math.max(bucket.wait(now), globalBucket.wait(now));
    if (wait === 0) {
      bucket.take();
      globalBucket.take();
    }
    return wait;
  };

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      const m = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
      let body: any = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      const call: Call = { token: m?.[1] ?? '', method: m?.[2] ?? '', body, at: Date.now() };
      const index = calls.push(call) - 1;
      const answer = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      const refuse = (f: Exclude<Fault, { delayMs: number } | { cut: true }>) => {
        if (f.status === 429) {
          stand.tooMany++;
          return answer(429, { ok: false, error_code: 429, description: `Too Many Requests: retry after ${f.retryAfter}`, parameters: { retry_after: f.retryAfter } });
        }
        if (f.status === 403) return answer(403, { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' });
        if (f.status === 400) return answer(400, { ok: false, error_code: 400, description: `Bad Request: ${f.description ?? 'chat not found'}` });
        return answer(f.status, { ok: false, error_code: f.status, description: f.status === 502 ? 'Bad Gateway' : 'Internal Server Error' });
      };
      // The limits count a message when it arrives; a slow answer is a normal answer, late.
      const respond = (f: Fault | undefined) => {
        if (f && 'status' in f) return refuse(f);
        if (!SENDS.has(call.method)) return answer(200, { ok: true, result: true });
        const wait = overLimit(String(body?.chat_id), call.at);
        if (wait > 0) return refuse({ status: 429, retryAfter: Math.max(1, Math.ceil(wait / 1000)) });
        const result = { message_id: ++messageId, date: Math.floor(call.at / 1000), chat: { id: body?.chat_id, type: 'private' }, text: body?.text };
        const reply = () => (f && 'cut' in f ? void req.socket.destroy() : answer(200, { ok: true, result }));
        delivered.push({ chatId: Number(body?.chat_id), text: body?.text ?? body?.caption ?? '', photo: body?.photo, replyMarkup: body?.reply_markup, at: call.at });
        const delay = (f && 'delayMs' in f ? f.delayMs : 0) + (opts.latencyMs ?? 0);
        if (delay > 0) setTimeout(reply, delay);
        else reply();
      };
      respond(fault?.(call, index));
    });
  });
  // Telegram keeps idle connections open for a long time; Node's 5 s default would race the
  // client's reuse of an idle socket (a reset: an answer never comes).
  server.keepAliveTimeout = 75_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  stand.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return stand;
}
