/**
 * A process that logs through bufferedDestination and exits (tests/server/observability.test.ts):
 * LOG_EXIT_FD the descriptor to log to (one that fails every write, or a FIFO nobody reads). It
 * writes lines, lets a write fail or stall, then exits; it must not hang at exit.
 */
import { accessLog, bufferedDestination, createLogger } from '../../server/lib/log';

const dest = bufferedDestination(Number(process.env.LOG_EXIT_FD), { batchBytes: 4096, maxPendingBytes: 256 * 1024 });
const write = accessLog(createLogger('info', dest));
for (let i = 0; i < 5000; i++) write({ reqId: `a${i}`, method: 'GET', route: '/', status: 200, ms: 1 });
dest.flush();
await new Promise((r) => setTimeout(r, 200));
for (let i = 0; i < 50; i++) write({ reqId: `b${i}`, method: 'GET', route: '/', status: 200, ms: 1 });
process.exit(0);
