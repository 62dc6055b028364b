import { randomBytes } from 'node:crypto';
import type { CannonRequest } from './autocannon';

export interface SentRequest {
  path: string;
  token: string;
  body: string;
}

/**
 * Every money request a bench sends, by its Idempotency-Key, and the status each got (if it came
 * back in time), so that the books can be held against the answers afterwards.
 */
export class KeyedRequests {
  readonly sent = new Map<string, SentRequest>();
  readonly answered = new Map<string, number>();
  private seq = 0;
  private readonly runId = randomBytes(4).toString('hex');

  /**
   * One autocannon request template: POSTs round-robin over `tokens`, each with what `next()`
   * draws (path and JSON body) and a fresh Idempotency-Key (sent only when `withKeys`).
   */
  roundRobin(tokens: string[], next: () => { path: string; body: string }, withKeys = true): Partial<CannonRequest>[] {
    let turn = 0;
    return [
      {
        method: 'POST',
        setupRequest: (req, context) => {
          const token = tokens[turn++ % tokens.length]!;
          const key = `bench-${this.runId}-${++this.seq}`;
          const { path, body } = next();
          const headers: Record<string, string> = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
          if (withKeys) headers['idempotency-key'] = key;
          this.sent.set(key, { path, token, body });
          context.key = key;
          return { ...req, path, headers, body };
        },
        onResponse: (status, _body, context) => {
          this.answered.set(context.key as string, status);
        },
      },
    ];
  }

  /**
   * autocannon stops at the deadline with requests still in flight; the server finishes them
   * anyway. Sending each of those again with its Idempotency-Key learns how it ended: the stored
   * answer if it was applied, a fresh run if it was not. Afterwards every request has one answer.
   */
  async settleInFlight(url: string): Promise<number> {
    const pending = [...this.sent].filter(([key]) => !this.answered.has(key));
    for (const [key, req] of pending) {
      const res = await fetch(url + req.path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${req.token}`, 'idempotency-key': key },
        body: req.body,
      });
      await res.arrayBuffer();
      this.answered.set(key, res.status);
    }
    return pending.length;
  }

  /** How many answers came back with each status. */
  byStatus(): Record<number, number> {
    const counts: Record<number, number> = {};
    for (const st of this.answered.values()) counts[st] = (counts[st] ?? 0) + 1;
    return counts;
  }

  /** Requests answered 200. */
  ok(): number {
    let n = 0;
    for (const st of this.answered.values()) if (st === 200) n++;
    return n;
  }
}
