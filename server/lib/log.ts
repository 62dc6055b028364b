/**
 * The server's logger (decision 0033): pino, one JSON object a line on stdout; when stdout is a
 * terminal, a short readable line instead (a person is watching). LOG_LEVEL picks how much;
 * `silent` writes nothing. Never pass a request body, header or URL to it: routes receive
 * passwords, tokens, init data and account numbers (tests/server/observability-secrets.test.ts).
 */
import { writeSync } from 'node:fs';
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
const BUFFER_BYTES = 32 * 1024;
/** The longest a line waits in the buffer on a quiet server. */
const FLUSH_MS = 500;

/**
 * pino's asynchronous destination (sonic-boom) to a file descriptor or path, handed the lines in
 * batches of BUFFER_BYTES (or every FLUSH_MS, whichever is first). The batching is ours, not
 * sonic-boom's `minLength`: sonic-boom measures its whole pending buffer (Buffer.byteLength) on every
 * write, so a line written into an 8 kB buffer cost ~6 µs; an array joined once a batch costs well
 * under one. A batch still pending at exit is written synchronously.
 */
export function bufferedDestination(dest: number | string): DestinationStream & { flush(): void } {
  const out = pino.destination({ dest, sync: false });
  let pending: string[] = [];
  let size = 0;
  const flush = () => {
    if (pending.length === 0) return;
    const text = pending.join('');
    pending = [];
    size = 0;
    out.write(text);
  };
  setInterval(flush, FLUSH_MS).unref();
  process.once('exit', () => {
    const fd = (out as unknown as { fd: number }).fd;
    if (pending.length === 0 || !(fd >= 0)) return;
    try {
      writeSync(fd, pending.join(''));
    } catch {
      // A closed or full pipe at exit: nothing more can be done.
    }
  });
  return {
    write(line: string) {
      pending.push(line);
      size += line.length;
      if (size >= BUFFER_BYTES) flush();
    },
    flush,
  };
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

/** A JSON string, without JSON.stringify's cost when nothing needs escaping. */
const PLAIN = /^[\w .:/*{}?=&@+,;~!$()[\]-]*$/;
const str = (text: string) => (PLAIN.test(text) ? `"${text}"` : JSON.stringify(text));

/**
 * The access line writer for `logger` (issue 28's budget: ~5 µs a request on the catalogue path).
 * pino's own serialisation of the line costs ~7 µs (its per-field stringify, the ISO time, the level
 * formatter); the line written here is the same line as createLogger's pino writes for
 * `logger.info(fields, 'request')` — level, time, pid, the fields, msg, in that order — into the
 * same stream, with the time's text reused within a millisecond. A logger not made by createLogger
 * (or a child with bindings) goes through pino itself.
 */
export function accessLog(logger: Logger): (line: AccessLine) => void {
  const stream = streams.get(logger);
  if (!stream) return (line) => logger.info(line, 'request');
  const head = `,"pid":${process.pid},"reqId":`;
  let lastMs = 0;
  let time = '';
  return (line) => {
    const now = Date.now();
    if (now !== lastMs) time = new Date((lastMs = now)).toISOString();
    let text = `{"level":"info","time":"${time}"${head}${str(line.reqId)},"method":${str(line.method)},"route":${str(line.route)},"status":${line.status},"ms":${line.ms}`;
    if (line.bytes !== undefined) text += `,"bytes":${line.bytes}`;
    if (line.user !== undefined) text += `,"user":${line.user}`;
    if (line.operator !== undefined) text += `,"operator":${str(line.operator)}`;
    stream.write(`${text},"msg":"request"}\n`);
  };
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
