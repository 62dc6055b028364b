/**
 * The outbox sender (docs/telegram.md § Messages, decision 0039): a loop in every server process.
 * It claims due rows within the shared limits (claim.ts), hands each to the Bot API without
 * waiting for the batch (a slow answer never stalls the rate), records each answer, and turns
 * rows left 'sending' by a dead process into 'unknown'. It also fans bulk events (a settled 2D
 * draw) out into per-player messages, a chunk between two claims (fanout.ts). It wakes at once on
 * the outbox's NOTIFY (an event just committed), else polls. Stopping stops claiming and waits for
 * the sends in flight.
 */
import type { Db } from '../../db/types';
import type { Channel } from '../../db/notifications';
import { anyDue, claimDue, ensurePacer, expireSending, recordOutcome, type ClaimedRow, type PaceConfig, type RetryConfig, type SendOutcome } from './claim';
import { fanOutChunk } from './fanout';
import type { Transport } from './transport';
import { log as processLog, errFields } from '../../lib/log';

export interface SenderOptions {
  db: Db;
  transport: Transport;
  /** The outbox's NOTIFY channel: wakes the loop when an event commits. */
  wake?: Channel;
  pace?: Partial<PaceConfig>;
  retry?: Partial<RetryConfig>;
  /** Idle poll (a NOTIFY wakes sooner). */
  pollMs?: number;
  /** A row 'sending' longer than this had its process die: 'unknown'. Longer than the Bot API timeout. */
  sendingTimeoutMs?: number;
  /** Sends in flight at once in this process. */
  maxInFlight?: number;
  /** Real time (Telegram's limits are real seconds, whatever the business clock says). */
  now?: () => number;
  /** Each answer, for tests and metrics. */
  onOutcome?: (row: ClaimedRow, outcome: SendOutcome) => void;
  /** Players a fan-out chunk writes (fanout.ts FANOUT_CHUNK). */
  fanoutChunk?: number;
  /** Each fan-out chunk this process wrote, for tests. */
  onFanout?: () => void;
}

export const DEFAULT_PACE: PaceConfig = { rate: 29, burst: 10, batchMax: 15, chatGapMs: 1100 };
export const DEFAULT_RETRY: RetryConfig = { maxAttempts: 8, backoffMs: 2000, maxBackoffMs: 300_000 };

export interface Sender {
  /** Stops claiming, waits for the sends in flight and their records. */
  stop(): Promise<void>;
}

export function startTelegramSender(opts: SenderOptions): Sender {
  const loop = new SenderLoop(opts);
  opts.wake?.subscribe(() => loop.wake(), () => undefined);
  const finished = ensurePacer(opts.db)
    .catch(() => undefined)
    .then(() => loop.run());
  return {
    async stop() {
      loop.running = false;
      loop.wake();
      await finished;
    },
  };
}

/** One process's loop: claim what is due, hand each row to the Bot API, sleep until the next slot or a NOTIFY. */
class SenderLoop {
  running = true;
  private readonly pace: PaceConfig;
  private readonly retry: RetryConfig;
  private readonly pollMs: number;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  private readonly inFlight = new Set<Promise<void>>();
  private woken = false;
  private wakeUp: () => void = () => undefined;
  private idle = true;
  private lastSweep = -Infinity;
  /** A fan-out may be waiting: at start, on each NOTIFY, at each sweep (one a dead process left half done). */
  private fanoutDue = true;

  constructor(private readonly opts: SenderOptions) {
    this.pace = { ...DEFAULT_PACE, ...opts.pace };
    this.retry = { ...DEFAULT_RETRY, ...opts.retry };
    this.pollMs = opts.pollMs ?? 1000;
    this.timeoutMs = opts.sendingTimeoutMs ?? 60_000;
    this.now = opts.now ?? Date.now;
  }

  wake(): void {
    this.woken = true;
    this.fanoutDue = true;
    this.wakeUp();
  }

  async run(): Promise<void> {
    while (this.running) {
      this.woken = false;
      try {
        await this.step();
      } catch (err) {
        processLog.error({ err: errFields(err) }, 'telegram: the sender loop failed; retrying');
        await this.sleep(this.pollMs);
      }
    }
    await Promise.allSettled([...this.inFlight]);
  }

  private async step(): Promise<void> {
    await this.sweep();
    const fanning = this.fanoutDue && (await this.fanOut());
    if (this.inFlight.size >= (this.opts.maxInFlight ?? 50)) {
      await Promise.race(this.inFlight);
      return;
    }
    if (this.idle && !fanning && !(await anyDue(this.opts.db, this.now()))) return this.sleep(this.pollMs);
    const claim = await claimDue(this.opts.db, this.pace, this.now());
    for (const row of claim.rows) this.track(row);
    this.idle = claim.rows.length === 0 && claim.nextAt === Infinity;
    // Until the next slot, counted from now: the claim's own time is not slept again. A fan-out
    // with chunks left goes on at once.
    await this.sleep(fanning ? 0 : Math.min(claim.nextAt - this.now(), this.pollMs));
  }

  /** One chunk of a waiting fan-out; true when one was written (there may be more). */
  private async fanOut(): Promise<boolean> {
    // Cleared first: a NOTIFY arriving meanwhile sets it again and is not lost.
    this.fanoutDue = false;
    const wrote = await fanOutChunk(this.opts.db, this.opts.fanoutChunk);
    if (wrote) {
      this.fanoutDue = true;
      this.opts.onFanout?.();
    }
    return wrote;
  }

  /** Rows a dead process left 'sending' become 'unknown' (every half timeout, at most every 10 s). */
  private async sweep(): Promise<void> {
    if (this.now() - this.lastSweep <= Math.min(10_000, this.timeoutMs / 2)) return;
    this.lastSweep = this.now();
    this.fanoutDue = true;
    const expired = await expireSending(this.opts.db, this.lastSweep, this.timeoutMs);
    if (expired) processLog.warn(`telegram: ${expired} message(s) left 'sending' by a stopped process are now 'unknown' (not re-sent)`);
  }

  private track(row: ClaimedRow): void {
    const p = this.deliver(row).finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
  }

  private async deliver(row: ClaimedRow): Promise<void> {
    const outcome = await this.opts.transport.send(row);
    try {
      await recordOutcome(this.opts.db, row, outcome, this.now(), { ...this.retry, chatGapMs: this.pace.chatGapMs });
    } catch (err) {
      // The row stays 'sending' and becomes 'unknown' after the timeout: never sent twice.
      processLog.error({ err: errFields(err), outbox_id: row.id }, 'telegram: recording an answer failed');
    }
    this.opts.onOutcome?.(row, outcome);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      if (this.woken || !this.running) return resolve();
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = () => undefined;
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      this.wakeUp = done;
    });
  }
}
