import { connect, type Socket } from 'node:net';

/**
 * An open-loop HTTP/1.1 load: requests fall due on a fixed schedule whether or not the server
 * keeps up, and each one's latency runs from when it fell due (waiting for a free connection
 * included), so a slow server shows as latency instead of quietly lowering the load (autocannon's
 * closed loop, and its rate limit, which sends each second's quota in a burst, would hide it).
 * Keep-alive sockets, requests prebuilt as bytes, answers parsed just enough to find their end.
 */
export interface Stream {
  /** Requests per second, spread evenly. */
  rate: number;
  /** The request bytes for the n-th request of this stream. */
  request(n: number): Buffer;
}

export interface OpenLoopResult {
  due: number;
  answered: number;
  non2xx: number;
  errors: number;
  /** Latency percentiles from when each request fell due, ms. */
  p50: number;
  p99: number;
  max: number;
  /** Answers per second of the schedule (those that came after its end included). */
  rate: number;
}

export function requestBytes(path: string, headers: Record<string, string> = {}): Buffer {
  const lines = [`GET ${path} HTTP/1.1`, 'Host: 127.0.0.1', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
}

const CRLFCRLF = Buffer.from('\r\n\r\n');

/** Where an answer in `buf` ends, or -1 while it is incomplete; and its status. */
function answerEnd(buf: Buffer): { end: number; status: number } {
  const head = buf.indexOf(CRLFCRLF);
  if (head === -1) return { end: -1, status: 0 };
  const status = Number(buf.toString('latin1', 9, 12));
  const headers = buf.toString('latin1', 0, head).toLowerCase();
  const bodyStart = head + 4;
  const length = /\r\ncontent-length:\s*(\d+)/.exec(headers);
  if (length) {
    const end = bodyStart + Number(length[1]);
    return { end: buf.length >= end ? end : -1, status };
  }
  if (/\r\ntransfer-encoding:\s*chunked/.test(headers)) {
    let at = bodyStart;
    for (;;) {
      const line = buf.indexOf('\r\n', at);
      if (line === -1) return { end: -1, status };
      const size = parseInt(buf.toString('latin1', at, line), 16);
      const next = line + 2 + size + 2;
      if (buf.length < next) return { end: -1, status };
      if (size === 0) return { end: next, status };
      at = next;
    }
  }
  return { end: bodyStart, status }; // 304, 204: no body
}

class Connection {
  private buf: Buffer = Buffer.alloc(0);
  private dueAt = 0;
  busy = false;

  constructor(
    private readonly socket: Socket,
    private readonly done: (conn: Connection, dueAt: number, status: number) => void,
    onError: (err: Error) => void,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', onError);
  }

  send(bytes: Buffer, dueAt: number): void {
    this.busy = true;
    this.dueAt = dueAt;
    this.socket.write(bytes);
  }

  private onData(chunk: Buffer): void {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    const { end, status } = answerEnd(this.buf);
    if (end === -1) return;
    this.buf = this.buf.subarray(end);
    this.busy = false;
    this.done(this, this.dueAt, status);
  }

  close(): void {
    this.socket.destroy();
  }
}

/** Runs `streams` against host:port for `seconds` over `connections` keep-alive sockets. */
export async function openLoop(port: number, streams: Stream[], seconds: number, connections: number): Promise<OpenLoopResult> {
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const queue: { bytes: Buffer; dueAt: number }[] = [];
  let queueHead = 0;
  const idle: Connection[] = [];
  const now = () => performance.now();

  const dispatch = () => {
    while (idle.length && queueHead < queue.length) {
      const next = queue[queueHead]!;
      queue[queueHead++] = undefined as never;
      idle.pop()!.send(next.bytes, next.dueAt);
    }
    if (queueHead > 4096 && queueHead * 2 > queue.length) {
      queue.splice(0, queueHead);
      queueHead = 0;
    }
  };
  const done = (conn: Connection, dueAt: number, status: number) => {
    latencies.push(now() - dueAt);
    if (status < 200 || status >= 300) non2xx++;
    idle.push(conn);
    dispatch();
  };
  const pool = await Promise.all(
    Array.from(
      { length: connections },
      () =>
        new Promise<Connection>((resolve, reject) => {
          const socket = connect(port, '127.0.0.1', () => resolve(new Connection(socket, done, () => errors++)));
          socket.once('error', reject);
        }),
    ),
  );
  idle.push(...pool);

  const start = now();
  const sent = streams.map(() => 0);
  let due = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const elapsed = Math.min(now() - start, seconds * 1000);
      streams.forEach((s, i) => {
        const owed = Math.floor((elapsed / 1000) * s.rate);
        for (; sent[i]! < owed; sent[i]!++) {
          queue.push({ bytes: s.request(sent[i]!), dueAt: start + (sent[i]! / s.rate) * 1000 });
          due++;
        }
      });
      dispatch();
      if (elapsed >= seconds * 1000) resolve();
      else setTimeout(tick, 1);
    };
    tick();
  });
  // Let what is in flight or queued finish (up to 5 s), still timed from when it fell due.
  const deadline = now() + 5000;
  while ((queueHead < queue.length || idle.length < pool.length) && now() < deadline) await new Promise((r) => setTimeout(r, 5));
  for (const c of pool) c.close();

  const unanswered = due - latencies.length;
  const sorted = Float64Array.from(latencies).sort();
  const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0);
  return {
    due,
    answered: latencies.length,
    non2xx,
    // An answer still missing 5 s after the run counts as an error.
    errors: errors + unanswered,
    p50: at(0.5),
    p99: at(0.99),
    max: sorted.length ? sorted[sorted.length - 1]! : 0,
    rate: latencies.length / seconds,
  };
}
