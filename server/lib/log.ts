/**
 * The server's logger (decision 0033): pino, one JSON object a line on stdout; when stdout is a
 * terminal, a short readable line instead (a person is watching). LOG_LEVEL picks how much;
 * `silent` writes nothing. Never pass a request body, header or URL to it: routes receive
 * passwords, tokens, init data and account numbers (tests/server/observability-secrets.test.ts).
 */
import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger } from 'pino';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

const SKIP = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err']);

/** One JSON line as a person reads it: time, level, message, then the fields; an error's stack below. */
export function prettyLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const time = String(entry.time ?? new Date().toISOString()).slice(11, 23);
  const fields = Object.entries(entry)
    .filter(([k]) => !SKIP.has(k))
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(' ');
  const err = entry.err as { stack?: string } | undefined;
  const head = `${time} ${String(entry.level).toUpperCase()} ${entry.msg ?? ''}${fields ? ` ${fields}` : ''}`;
  return `${head}${err?.stack ? `\n${err.stack}` : ''}\n`;
}

/** Bytes of lines gathered before one write (issue 28: a write a line cost ~5–10 µs of CPU a request). */
const BUFFER_BYTES = 128 * 1024;
/** The longest a line waits in the buffer on a quiet server. */
const FLUSH_MS = 500;
/**
 * Log bytes waiting for stdout's reader at most: beyond them a batch is dropped (and counted)
 * rather than the process growing until it is killed, or blocking on the pipe, while the collector
 * (journald, docker) does not read.
 */
const MAX_PENDING_BYTES = 16 * 1024 * 1024;
/** How long the last lines may wait at exit for a reader that does not read. */
const EXIT_WAIT_MS = 2000;

/** Log bytes dropped because stdout was not being read (kyatplay_log_dropped_bytes_total). */
export const droppedLog = { bytes: 0 };

/** One request's access line (server/lib/observe.ts). `reqId` is a UUID or a proxy's id of [A-Za-z0-9._:-]. */
export interface AccessLine {
  reqId: string;
  method: string;
  route: string;
  status: number;
  ms: number;
  bytes?: number;
  user?: number;
  operator?: string;
}

/** A destination that takes access lines as fields and writes them as bytes (bufferedDestination). */
interface AccessSink extends DestinationStream {
  access(line: AccessLine): void;
}

/** Access lines kept as fields before they are encoded together (Batch). */
const QUEUED_LINES = 128;

/**
 * pino's asynchronous destination (sonic-boom, in buffer mode) to a file descriptor or path, handed
 * the lines in batches of `batchBytes` (or every FLUSH_MS, whichever is first): see Batch. A batch
 * still pending at exit is written synchronously.
 */
export function bufferedDestination(dest: number | string, opts: { batchBytes?: number; maxPendingBytes?: number } = {}): DestinationStream & { flush(): void } {
  let giveUpAt = Infinity;
  // A descriptor that refuses a write (EAGAIN: a non-blocking pipe nobody reads) is retried every
  // 100 ms while the server runs, and for at most EXIT_WAIT_MS at exit.
  const retryEAGAIN = () => Date.now() < giveUpAt;
  const out = pino.destination({ dest, sync: false, contentMode: 'buffer', maxLength: opts.maxPendingBytes ?? MAX_PENDING_BYTES, retryEAGAIN });
  (out as unknown as NodeJS.EventEmitter).on('drop', (bytes: Buffer) => void (droppedLog.bytes += bytes.length));
  // A write that fails (a closed or broken stdout: EBADF, EIO) must not stop the server: sonic-boom
  // tries the batch again with the next one, and what then waits beyond the limit is dropped and
  // counted. (pino's own handler only passes over EPIPE, and re-emits the rest.)
  // sonic-boom's flushSync (pino's at exit, and ours) retries a failed write for ever unless it is
  // EAGAIN: after a failure there is nothing to flush into, as pino does itself after EPIPE.
  (out as unknown as NodeJS.EventEmitter).on('error', () => void ((out as { flushSync(): void }).flushSync = () => undefined));
  const batch = new Batch(out, opts.batchBytes ?? BUFFER_BYTES);
  setInterval(() => batch.flush(), FLUSH_MS).unref();
  // Before pino's own exit flush (registered first) retries EAGAIN.
  process.prependOnceListener('exit', () => void (giveUpAt = Date.now() + EXIT_WAIT_MS));
  process.once('exit', () => flushAtExit(batch, out));
  return batch;
}

/**
 * The lines gathered for one write, as bytes in a reused buffer: pino's lines encoded as they come,
 * access lines kept as their fields (up to QUEUED_LINES) and encoded together by AccessEncoder
 * before anything else is written, so the order stays the order they came. Encoded together, an
 * access line costs ~0.2 µs; encoded one at a time between requests, ~0.9 µs (timed in the server:
 * the encoder's code and data no longer in the CPU's caches). A line's text joined from its pieces
 * had cost ~2 µs (session 8's CPU profile). The batching is ours, not sonic-boom's `minLength`:
 * sonic-boom measures its whole pending buffer on every write.
 */
class Batch implements AccessSink {
  private readonly encoder = new AccessEncoder();
  private readonly buffers: ReusedBuffers;
  /** Room for a batch and one more line of any usual length; a longer line goes alone. */
  private readonly capacity: number;
  private buf: Buffer;
  private pos = 0;
  private readonly queued: AccessLine[] = [];
  private readonly times = new Float64Array(QUEUED_LINES);

  constructor(
    private readonly out: DestinationStream,
    private readonly batchBytes: number,
  ) {
    this.capacity = batchBytes + 16 * 1024;
    this.buffers = new ReusedBuffers(out, this.capacity);
    this.buf = this.buffers.take();
  }

  write(line: string): void {
    this.encodeQueued();
    if (this.room(line.length * 3)) this.pos += this.buf.write(line, this.pos);
    else this.send(Buffer.from(line));
    if (this.pos >= this.batchBytes) this.writeOut();
  }

  access(line: AccessLine): void {
    this.times[this.queued.length] = Date.now();
    if (this.queued.push(line) === QUEUED_LINES) this.encodeQueued();
  }

  /** Everything gathered, handed to sonic-boom. */
  flush(): void {
    this.encodeQueued();
    this.writeOut();
  }

  private encodeQueued(): void {
    const { queued, times, encoder } = this;
    for (let i = 0; i < queued.length; i++) {
      const line = queued[i]!;
      if (this.room(encoder.bound(line))) this.pos = encoder.encode(line, this.buf, this.pos, times[i]!);
      else this.send(encoder.bytes(line, times[i]));
      if (this.pos >= this.batchBytes) this.writeOut();
    }
    queued.length = 0;
  }

  /** Whether `bound` more bytes fit (after writing out what is gathered, if they did not). */
  private room(bound: number): boolean {
    if (this.pos + bound > this.capacity) this.writeOut();
    return bound <= this.capacity;
  }

  private writeOut(): void {
    if (this.pos === 0) return;
    this.send(this.buffers.handed(this.buf, this.pos));
    this.buf = this.buffers.take();
    this.pos = 0;
  }

  /** In buffer mode sonic-boom takes Buffers (its types say string) and keeps them as they are. */
  private send(bytes: Buffer): void {
    (this.out as unknown as { write(bytes: Buffer): boolean }).write(bytes);
  }
}

/**
 * The batch buffers, used again once sonic-boom has written them: it holds a buffer it is handed
 * until it emits 'drain' (everything handed is written). A fresh buffer for every batch cost ~0.2 µs
 * a line more (page faults on new memory); one still being written is never touched.
 */
class ReusedBuffers {
  private readonly free: Buffer[] = [];
  private writing: Buffer[] = [];

  constructor(
    out: DestinationStream,
    private readonly capacity: number,
  ) {
    (out as unknown as NodeJS.EventEmitter).on('drain', () => {
      for (const b of this.writing) if (this.free.length < 2) this.free.push(b);
      this.writing = [];
    });
  }

  take(): Buffer {
    return this.free.pop() ?? Buffer.allocUnsafe(this.capacity);
  }

  /** The first `length` bytes of `buf`, to hand to sonic-boom: `buf` is not taken again until it has written them. */
  handed(buf: Buffer, length: number): Buffer {
    // Kept to be taken back on 'drain'; beyond a few (a reader that has stopped), left to the collector.
    if (this.writing.length < 8) this.writing.push(buf);
    return buf.subarray(0, length);
  }
}

/** The last batch and whatever sonic-boom still holds, written synchronously as the process exits. */
function flushAtExit(batch: { flush(): void }, out: { flushSync(): void }): void {
  try {
    batch.flush();
    out.flushSync();
  } catch {
    // A closed or full pipe at exit, or a write still in flight: nothing more can be done.
  }
}

/** stdout itself (JSON), or, in a terminal, through prettyLine. */
function destination(): DestinationStream {
  if (!process.stdout.isTTY) return bufferedDestination(1);
  return { write: (line: string) => void process.stdout.write(prettyLine(line)) };
}

/** The stream each logger createLogger made writes to (the access line writes there directly). */
const streams = new WeakMap<Logger, DestinationStream>();

/** A logger at `level` writing to `stream` (tests capture it) or to stdout. */
export function createLogger(level: LogLevel, stream?: DestinationStream): Logger {
  const out = stream ?? destination();
  const logger = pino({ level, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime, formatters: { level: (label) => ({ level: label }) } }, out);
  streams.set(logger, out);
  return logger;
}

const QUOTE = 0x22;
/** Bytes of the JSON text of `text` (quotes included). */
const jsonBytes = (text: string) => Buffer.from(JSON.stringify(text));
/** Distinct (route, method) pieces kept: routes are the app's templates and methods the HTTP parser's, so a few hundred at most. */
const MAX_PIECES = 2048;

/**
 * Writes access lines as UTF-8 bytes, the same line createLogger's pino writes for
 * `logger.info(fields, 'request')` — level, time, pid, the fields, msg, in that order, the same
 * escaping (tests/server/observability.test.ts compares them) — piece by piece into a buffer: the
 * head (level, time to the second) made once a second, the milliseconds and the numbers digit by
 * digit, the method and route's JSON once per pair, the request id copied as it is when it is
 * printable ASCII (JSON.stringify's text otherwise).
 */
export class AccessEncoder {
  /** The second `head` is of, and `{"level":"info","time":"<that second in ISO>.`: the milliseconds are written digit by digit. */
  private headSecond = -1;
  private head = Buffer.alloc(0);
  private readonly afterTime = Buffer.from(`Z","pid":${process.pid},"reqId":`);
  private readonly pieces = new Map<string, Map<string, Buffer>>();
  private count = 0;
  private readonly tail = Buffer.from(',"msg":"request"}\n');
  private readonly keys = { ms: Buffer.from(',"ms":'), bytes: Buffer.from(',"bytes":'), user: Buffer.from(',"user":'), operator: Buffer.from(',"operator":') };

  /** At most how many bytes `line` takes (a JSON escape is up to 6 bytes per UTF-16 unit). */
  bound(line: AccessLine): number {
    return 256 + 6 * (line.reqId.length + line.method.length + line.route.length + (line.operator?.length ?? 0));
  }

  /** `line` on its own, as bytes. */
  bytes(line: AccessLine, at = Date.now()): Buffer {
    const buf = Buffer.allocUnsafe(this.bound(line));
    return buf.subarray(0, this.encode(line, buf, 0, at));
  }

  /** `line` as text (a destination that takes strings: a test's, the terminal's). */
  text(line: AccessLine): string {
    return this.bytes(line).toString('utf8');
  }

  /** Writes `line`, of time `now`, into `buf` at `pos` (room for bound(line) bytes); returns the position after it. */
  encode(line: AccessLine, buf: Buffer, pos: number, now: number): number {
    const second = Math.floor(now / 1000);
    if (second !== this.headSecond) {
      this.headSecond = second;
      this.head = Buffer.from(`{"level":"info","time":"${new Date(second * 1000).toISOString().slice(0, 20)}`);
    }
    pos = put(buf, pos, this.head);
    const ms = now - second * 1000;
    buf[pos] = 0x30 + Math.floor(ms / 100);
    buf[pos + 1] = 0x30 + (Math.floor(ms / 10) % 10);
    buf[pos + 2] = 0x30 + (ms % 10);
    pos = put(buf, pos + 3, this.afterTime);
    pos = putString(buf, pos, line.reqId);
    pos = put(buf, pos, this.piece(line.method, line.route));
    pos = putNumber(buf, pos, line.status);
    pos = putNumber(buf, put(buf, pos, this.keys.ms), line.ms);
    if (line.bytes !== undefined) pos = putNumber(buf, put(buf, pos, this.keys.bytes), line.bytes);
    if (line.user !== undefined) pos = putNumber(buf, put(buf, pos, this.keys.user), line.user);
    if (line.operator !== undefined) pos = putString(buf, put(buf, pos, this.keys.operator), line.operator);
    return put(buf, pos, this.tail);
  }

  /** `,"method":…,"route":…,"status":` for a method and route. */
  private piece(method: string, route: string): Buffer {
    let byMethod = this.pieces.get(route);
    let piece = byMethod?.get(method);
    if (piece) return piece;
    piece = Buffer.from(`,"method":${JSON.stringify(method)},"route":${JSON.stringify(route)},"status":`);
    if (this.count < MAX_PIECES) {
      if (!byMethod) this.pieces.set(route, (byMethod = new Map()));
      byMethod.set(method, piece);
      this.count++;
    }
    return piece;
  }
}

function put(buf: Buffer, pos: number, bytes: Buffer): number {
  buf.set(bytes, pos);
  return pos + bytes.length;
}

/** Printable ASCII without a quote or backslash: JSON text as it is. */
const PLAIN_ASCII = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** `text` as a JSON string: its bytes as they are when it is printable ASCII with nothing to escape, else JSON.stringify's. */
function putString(buf: Buffer, pos: number, text: string): number {
  if (!PLAIN_ASCII.test(text)) return put(buf, pos, jsonBytes(text));
  buf[pos] = QUOTE;
  const end = pos + 1 + buf.write(text, pos + 1, 'latin1');
  buf[end] = QUOTE;
  return end + 1;
}

/** A number as JSON.stringify writes it: digit by digit for a whole number or one with one decimal (a duration), else its text. */
function putNumber(buf: Buffer, pos: number, n: number): number {
  if (Number.isSafeInteger(n) && n >= 0) return putDigits(buf, pos, n);
  const tenths = Math.round(n * 10);
  if (tenths / 10 === n && Number.isSafeInteger(tenths) && tenths > 0) {
    pos = putDigits(buf, pos, Math.floor(tenths / 10));
    buf[pos] = 0x2e;
    buf[pos + 1] = 0x30 + (tenths % 10);
    return pos + 2;
  }
  return pos + buf.write(JSON.stringify(n), pos, 'latin1');
}

function putDigits(buf: Buffer, pos: number, n: number): number {
  let end = pos + 1;
  for (let rest = n; rest >= 10; rest = Math.floor(rest / 10)) end++;
  for (let i = end - 1, rest = n; i >= pos; i--, rest = Math.floor(rest / 10)) buf[i] = 0x30 + (rest % 10);
  return end;
}

/**
 * The access line writer for `logger` (issue 28's budget: ~5 µs a request on the catalogue path).
 * pino's own serialisation of the line costs ~7 µs (its per-field stringify, the ISO time, the level
 * formatter); AccessEncoder writes the same line into the same stream: straight into the batch of
 * a bufferedDestination, as text into any other. A logger not made by createLogger (or a child with
 * bindings) goes through pino itself.
 */
export function accessLog(logger: Logger): (line: AccessLine) => void {
  const stream = streams.get(logger);
  if (!stream) return (line) => logger.info(line, 'request');
  const sink = stream as Partial<AccessSink>;
  if (sink.access) return (line) => sink.access!(line);
  const encoder = new AccessEncoder();
  return (line) => stream.write(encoder.text(line));
}

const byLevel = new Map<LogLevel, Logger>();

/** The process's logger at a level: one per level, so every app of a process writes through one stream. */
export function processLogger(level: LogLevel): Logger {
  let logger = byLevel.get(level);
  if (!logger) byLevel.set(level, (logger = createLogger(level)));
  return logger;
}

/** Operational events outside a request (start-up, the pool, schedules); index.ts sets its level from LOG_LEVEL. */
export let log: Logger = processLogger('info');

export function setProcessLogLevel(level: LogLevel): void {
  log = processLogger(level);
}

/** Drizzle's "Failed query: …\nparams: …" carries the statement's values (a password hash, an account number): cut them. */
const withoutParams = (text: string) => text.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/g, '\nparams: [not logged]');

/**
 * An error for a log line: its type, message, code and stack (and its cause's), never its other
 * fields (a driver's `detail` holds a row's values) nor a failed query's parameters.
 */
export function errFields(err: unknown): { type: string; message: string; code?: unknown; stack?: string; cause?: unknown } {
  if (!(err instanceof Error)) return { type: typeof err, message: 'not an Error' };
  const cause = err.cause instanceof Error ? { type: err.cause.name, message: withoutParams(err.cause.message), code: (err.cause as { code?: unknown }).code } : undefined;
  return { type: err.name, message: withoutParams(err.message), code: (err as { code?: unknown }).code, stack: err.stack && withoutParams(err.stack), ...(cause ? { cause } : {}) };
}
